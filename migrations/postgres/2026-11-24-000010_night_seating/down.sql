DROP TABLE event_rounds;
DROP TABLE event_attendees;
