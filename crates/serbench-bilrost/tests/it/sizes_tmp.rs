use serbench_model::*;
#[test]
fn sizes_tmp() {
    let tm = serbench_bilrost::to_vec(&TaskManager::generate(10_000)).unwrap();
    let t: Vec<usize> = SensorReading::generate(10).iter().map(|r| serbench_bilrost::to_vec(r).unwrap().len()).collect();
    let g = serbench_bilrost::to_vec(&Graph::generate(Graph::SEED_NODES)).unwrap();
    let r = serbench_bilrost::to_vec(&Record::canonical()).unwrap();
    let m = serbench_bilrost::to_vec(&MediaContent::canonical()).unwrap();
    println!("SIZES tm {} tel {:?} graph {} rec {} media {}", tm.len(), t, g.len(), r.len(), m.len());
    println!("START {:02x?}", &tm[..40]);
}
