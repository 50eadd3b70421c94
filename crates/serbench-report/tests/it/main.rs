//! serbench-report's tests: the reports of a real run held to committed
//! copies ([`golden`]), the binary that writes them ([`bin`]), and
//! results files no run wrote ([`hostile`]).

mod bin;
mod golden;
mod hostile;
