//! serbench-report's tests: the reports of a real run held to committed
//! copies ([`golden`]), and the binary that writes them ([`bin`]).

mod bin;
mod golden;
