//! records through planus: `schemas/records.fbs`.

use serbench_model::{Error, Record, RecordAnswer};

use super::generated::records::serbench as pl;
use super::{Budget, PlanusSchema};

impl PlanusSchema for Record {
    type Table = pl::Record;
    type Ref<'a> = pl::RecordRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::Record> {
        let strings: Vec<_> = self
            .strings
            .iter()
            .map(|string| builder.create_string(string.as_str()))
            .collect();
        let ids = builder.create_vector(self.ids.as_slice());
        let strings = builder.create_vector(strings.as_slice());
        pl::Record::create(builder, ids, strings)
    }

    fn read(root: pl::RecordRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let ids = budget.vector(root.ids(), 8)?;
        let strings = budget.vector(root.strings(), 4)?;
        let mut model = Vec::new();
        for string in strings {
            model.push(budget.string(string)?.to_owned());
        }
        Ok(Record {
            ids: ids.iter().collect(),
            strings: model,
        })
    }

    fn answer(root: pl::RecordRef<'_>, budget: &mut Budget<Self>) -> Result<RecordAnswer, Error> {
        let ids = budget.vector(root.ids(), 8)?;
        let strings = budget.vector(root.strings(), 4)?;
        // Each string checked and counted as the answer takes its length,
        // without collecting them; the first failure ends the walk.
        let mut failure = None;
        let lengths = strings
            .iter()
            .map_while(|string| budget.string(string).map_err(|e| failure = Some(e)).ok())
            .map(str::len);
        let answer = RecordAnswer::new(ids.iter(), lengths);
        failure.map_or(Ok(answer), Err)
    }
}
