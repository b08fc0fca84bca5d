DROP TABLE webhook_deliveries;
DROP TABLE webhooks;
DROP TABLE instance;
