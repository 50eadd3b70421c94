//! Graph: `<node>` and `<edge>` elements, edge indices as `xs:list`s.

use serbench_model::{Edge, Error, Graph, Node};

use crate::read::Input;
use crate::write::{Output, Tag};
use serbench_model::Str;

pub(crate) fn encode(graph: &Graph, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<Graph>(out);
    out.declaration()?;
    let root = Tag::new("graph");
    if !out.open(&root, !graph.nodes.is_empty() || !graph.edges.is_empty())? {
        return Ok(());
    }
    let mut tag = Tag::new("node");
    for (index, node) in graph.nodes.iter().enumerate() {
        let name = out.check(&node.name, || format!("nodes[{index}].name"))?;
        out.number(tag.clear(), "id", node.id);
        tag.text("name", name);
        out.list(&mut tag, "out_edges", &node.out_edges);
        out.list(&mut tag, "in_edges", &node.in_edges);
        out.empty(&tag)?;
    }
    let mut tag = Tag::new("edge");
    for edge in &graph.edges {
        out.number(tag.clear(), "from", edge.from);
        out.number(&mut tag, "to", edge.to);
        out.number(&mut tag, "weight", edge.weight);
        out.empty(&tag)?;
    }
    out.end("graph")
}

/// The graph `input` holds, its names of type `S`.
pub(crate) fn decode<'a, S: Str<'a>>(mut input: Input<'a>) -> Result<Graph<S>, Error> {
    let root = input.root("graph")?;
    let mut graph = Graph {
        nodes: Vec::new(),
        edges: Vec::new(),
    };
    while let Some(element) = input.child(&root)? {
        match element.name() {
            "node" => {
                let mut attributes = element.attributes(["id", "name", "out_edges", "in_edges"])?;
                graph.nodes.push(Node {
                    id: attributes.integer(0)?,
                    name: attributes.string(1)?,
                    out_edges: attributes.integers(2)?,
                    in_edges: attributes.integers(3)?,
                });
            }
            "edge" => {
                let attributes = element.attributes(["from", "to", "weight"])?;
                graph.edges.push(Edge {
                    from: attributes.integer(0)?,
                    to: attributes.integer(1)?,
                    weight: attributes.integer(2)?,
                });
            }
            _ => return Err(input.unexpected(&element, &root)),
        }
        input.close(&element)?;
    }
    input.finish()?;
    Ok(graph)
}
