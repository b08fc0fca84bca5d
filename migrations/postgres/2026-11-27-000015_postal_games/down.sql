DROP TABLE postal_rounds;
DROP TABLE postal_orders;
DROP TABLE postal_hares;
DROP TABLE postal_games;
