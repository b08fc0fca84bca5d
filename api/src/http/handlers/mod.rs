pub mod leagues;
pub mod meta;
pub mod players;
pub mod results;
pub mod standings;
