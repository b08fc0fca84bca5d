pub mod embed;
pub mod feeds;
pub mod leagues;
pub mod meta;
pub mod players;
pub mod results;
pub mod standings;
pub mod webhooks;
