//! serbench-report's tests: the reports of a real run held to committed
//! copies ([`golden`]).

mod golden;
