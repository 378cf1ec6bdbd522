//! The type flow graph: undirected, generic over the frontend's reference
//! type (`NodeBody<R>` of document 004), so another frontend (MLIR, Clift)
//! can be added without touching it.
//!
//! Each undirected edge `a -- b` is stored twice, once in each endpoint's
//! neighbour list, as the document suggests. An edge says that its two
//! endpoints should have the same type. A *dereference* edge relates a
//! pointer to what it points to: the pointer side should have the other
//! side's type with one more `*` (the pointer count of the document's TODO).
//! Each stored half carries `level` = pointer count of this end minus that
//! of the other end (`0` for plain edges, `+1`/`-1` for dereference edges).
//!
//! An edge may be *weak*: a boundary where a frontend expects casts to be
//! cheap (the LLVM frontend marks calls: a `void *` parameter takes
//! pointers of every type). Where types must break, propagation breaks
//! them at weak edges first.
use std::fmt;

use crate::lattice::{Lattice, ScalarType};

/// Index of a node. Stable: nodes are numbered in creation order and never
/// removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub u32);

impl NodeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n{}", self.0)
    }
}

/// A node stands for a value (an instruction result or function argument)
/// or for one use of a value as an operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    Value,
    Use,
}

/// What document 004 puts in a node: the current type and the element of
/// the input IR that produced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeBody<R> {
    pub ty: ScalarType,
    pub source: R,
}

/// One stored half of an undirected edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Neighbor {
    pub node: NodeId,
    /// Pointer count of this end minus that of `node`: 0, +1 (this end
    /// points to `node`) or -1 (`node` points to this end).
    pub level: i8,
    pub weak: bool,
}

#[derive(Clone, Debug)]
pub struct Node<R> {
    pub body: NodeBody<R>,
    pub kind: NodeKind,
    /// The most general type this node may take: its IR type met with the
    /// seeds. `body.ty` always refines it. A leaf bound makes the node strict.
    pub bound: ScalarType,
    neighbors: Vec<Neighbor>,
}

impl<R> Node<R> {
    pub fn neighbors(&self) -> &[Neighbor] {
        &self.neighbors
    }
}

/// An edge as listed once: `a < b`, `level` as seen from `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    pub a: NodeId,
    pub b: NodeId,
    pub level: i8,
    pub weak: bool,
}

/// Misuse of the graph-building API.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    #[error("no node {0}")]
    NoSuchNode(NodeId),
    #[error("edge from {0} to itself")]
    SelfLoop(NodeId),
    #[error("type {ty} of {node} does not refine its bound {bound}")]
    OutsideBound { node: NodeId, ty: ScalarType, bound: ScalarType },
}

/// A broken invariant found by [`TypeFlowGraph::verify`] or a frontend's
/// own checks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("{from} has an edge to {to}, which does not exist")]
    Dangling { from: NodeId, to: NodeId },
    #[error("{0} has an edge to itself")]
    SelfLoop(NodeId),
    #[error("edge {from} -> {to} (level {level}) has no reverse {to} -> {from} (level {})", -level)]
    Asymmetric { from: NodeId, to: NodeId, level: i8 },
    #[error("{a} and {b} are joined more than once by the same kind of edge")]
    Duplicate { a: NodeId, b: NodeId },
    #[error("edge {from} -> {to} has level {level}; only -1, 0, 1 exist")]
    BadLevel { from: NodeId, to: NodeId, level: i8 },
    #[error("type {ty} of {node} does not refine its bound {bound}")]
    OutsideBound { node: NodeId, ty: ScalarType, bound: ScalarType },
    #[error("{node}: {message}")]
    Frontend { node: NodeId, message: String },
}

impl VerifyError {
    /// The nodes the error is about.
    pub fn nodes(&self) -> Vec<NodeId> {
        match *self {
            VerifyError::Dangling { from, .. } => vec![from],
            VerifyError::SelfLoop(n) => vec![n],
            VerifyError::Asymmetric { from, to, .. } | VerifyError::BadLevel { from, to, .. } => vec![from, to],
            VerifyError::Duplicate { a, b } => vec![a, b],
            VerifyError::OutsideBound { node, .. } | VerifyError::Frontend { node, .. } => vec![node],
        }
    }
}

/// All the broken invariants of a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyErrors(pub Vec<VerifyError>);

impl fmt::Display for VerifyErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "type flow graph is broken ({} problem(s))", self.0.len())?;
        for e in &self.0 {
            write!(f, "\n  {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifyErrors {}

/// The type flow graph of document 004.
#[derive(Clone, Debug)]
pub struct TypeFlowGraph<R> {
    lattice: Lattice,
    nodes: Vec<Node<R>>,
    edges: usize,
}

impl<R> TypeFlowGraph<R> {
    pub fn new(lattice: Lattice) -> Self {
        TypeFlowGraph { lattice, nodes: Vec::new(), edges: 0 }
    }

    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// Adds a node whose type starts at `bound`.
    pub fn add_node(&mut self, kind: NodeKind, bound: ScalarType, source: R) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node { body: NodeBody { ty: bound, source }, kind, bound, neighbors: Vec::new() });
        id
    }

    /// Joins `a` and `b`: they should have the same type. Adding the same
    /// edge twice is not checked here (it would cost a scan of the
    /// neighbours); [`verify`](Self::verify) reports it. A plain edge and a
    /// dereference edge between the same two nodes are allowed.
    pub fn add_edge(&mut self, a: NodeId, b: NodeId) -> Result<(), GraphError> {
        self.add_leveled(a, b, 0, false)
    }

    /// Joins `a` and `b` by a weak edge (see the module documentation).
    pub fn add_weak_edge(&mut self, a: NodeId, b: NodeId) -> Result<(), GraphError> {
        self.add_leveled(a, b, 0, true)
    }

    /// Joins `pointer` and `pointee`: `pointer` should have `pointee`'s type
    /// with one more `*`.
    pub fn add_deref_edge(&mut self, pointer: NodeId, pointee: NodeId) -> Result<(), GraphError> {
        self.add_leveled(pointer, pointee, 1, false)
    }

    fn add_leveled(&mut self, a: NodeId, b: NodeId, level: i8, weak: bool) -> Result<(), GraphError> {
        for n in [a, b] {
            if n.index() >= self.nodes.len() {
                return Err(GraphError::NoSuchNode(n));
            }
        }
        if a == b {
            return Err(GraphError::SelfLoop(a));
        }
        self.nodes[a.index()].neighbors.push(Neighbor { node: b, level, weak });
        self.nodes[b.index()].neighbors.push(Neighbor { node: a, level: -level, weak });
        self.edges += 1;
        Ok(())
    }

    /// Removes every edge between `a` and `b` (both halves). Used to test
    /// [`verify`](Self::verify); frontends never remove edges.
    #[cfg(test)]
    pub(crate) fn remove_edge(&mut self, a: NodeId, b: NodeId) {
        let before = self.nodes[a.index()].neighbors.len();
        self.nodes[a.index()].neighbors.retain(|n| n.node != b);
        self.nodes[b.index()].neighbors.retain(|n| n.node != a);
        self.edges -= before - self.nodes[a.index()].neighbors.len();
    }

    /// Pushes one half of an edge without its reverse: corrupts the graph
    /// on purpose, to test [`verify`](Self::verify).
    #[cfg(test)]
    pub(crate) fn push_half_edge(&mut self, from: NodeId, to: NodeId, level: i8) {
        self.nodes[from.index()].neighbors.push(Neighbor { node: to, level, weak: false });
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn edge_count(&self) -> usize {
        self.edges
    }

    pub fn node(&self, id: NodeId) -> Option<&Node<R>> {
        self.nodes.get(id.index())
    }

    pub fn nodes(&self) -> impl Iterator<Item = (NodeId, &Node<R>)> + '_ {
        self.nodes.iter().enumerate().map(|(i, n)| (NodeId(i as u32), n))
    }

    pub fn ty(&self, id: NodeId) -> Option<ScalarType> {
        self.node(id).map(|n| n.body.ty)
    }

    /// Sets the type of `id`; it must refine the node's bound.
    pub fn set_type(&mut self, id: NodeId, ty: ScalarType) -> Result<(), GraphError> {
        let lattice = self.lattice;
        let node = self.nodes.get_mut(id.index()).ok_or(GraphError::NoSuchNode(id))?;
        if !lattice.le(ty, node.bound) {
            return Err(GraphError::OutsideBound { node: id, ty, bound: node.bound });
        }
        node.body.ty = ty;
        Ok(())
    }

    /// Narrows the bound of `id` (a seed) to its meet with `seed` and resets
    /// the type to the new bound. Returns false, changing nothing, if `seed`
    /// and the bound have no common refinement.
    pub fn seed(&mut self, id: NodeId, seed: ScalarType) -> Result<bool, GraphError> {
        let lattice = self.lattice;
        let node = self.nodes.get_mut(id.index()).ok_or(GraphError::NoSuchNode(id))?;
        match lattice.meet(node.bound, seed) {
            Some(m) => {
                node.bound = m;
                node.body.ty = m;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Resets every node's type to its bound (undoes propagation).
    pub fn reset_types(&mut self) {
        for n in &mut self.nodes {
            n.body.ty = n.bound;
        }
    }

    /// Each edge once (`a < b`), in order of `a` then insertion.
    pub fn edges(&self) -> impl Iterator<Item = Edge> + '_ {
        self.nodes().flat_map(|(a, n)| {
            n.neighbors.iter().filter(move |nb| nb.node > a).map(move |nb| Edge {
                a,
                b: nb.node,
                level: nb.level,
                weak: nb.weak,
            })
        })
    }

    /// Checks the frontend-independent invariants: every edge stored in
    /// both directions with opposite levels (and the same strength), no dangling ends, no self
    /// loops, no duplicate edges, levels in -1..=1, types within bounds.
    pub fn verify(&self) -> Result<(), VerifyErrors> {
        let errors = self.structural_errors();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(VerifyErrors(errors))
        }
    }

    /// The list behind [`verify`](Self::verify), for frontends that add
    /// their own checks.
    pub fn structural_errors(&self) -> Vec<VerifyError> {
        let mut errors = Vec::new();
        // Each node's halves as sorted (other end, level, weak): mirrors are
        // then found by binary search, in O(E log degree) overall.
        let mut sorted: Vec<Vec<(NodeId, i8, bool)>> = Vec::with_capacity(self.nodes.len());
        for (id, node) in self.nodes() {
            if !self.lattice.le(node.body.ty, node.bound) {
                errors.push(VerifyError::OutsideBound { node: id, ty: node.body.ty, bound: node.bound });
            }
            let mut halves = Vec::with_capacity(node.neighbors.len());
            for nb in &node.neighbors {
                if nb.node.index() >= self.nodes.len() {
                    errors.push(VerifyError::Dangling { from: id, to: nb.node });
                } else if nb.node == id {
                    errors.push(VerifyError::SelfLoop(id));
                } else {
                    if !(-1..=1).contains(&nb.level) {
                        errors.push(VerifyError::BadLevel { from: id, to: nb.node, level: nb.level });
                    }
                    halves.push((nb.node, nb.level, nb.weak));
                }
            }
            halves.sort();
            sorted.push(halves);
        }
        let count = |list: &[(NodeId, i8, bool)], h: (NodeId, i8, bool)| {
            let lo = list.partition_point(|x| *x < h);
            let hi = list.partition_point(|x| *x <= h);
            hi - lo
        };
        for (i, halves) in sorted.iter().enumerate() {
            let id = NodeId(i as u32);
            for (k, &(to, level, weak)) in halves.iter().enumerate() {
                // Two edges of different levels between the same ends are two
                // different constraints (`p` both is and points to `q`); the
                // same edge twice is a frontend bug.
                let same_edge = |j: usize| halves[j].0 == to && halves[j].1 == level;
                let second_of_run = k >= 1 && same_edge(k - 1) && (k < 2 || !same_edge(k - 2));
                if second_of_run && id < to {
                    errors.push(VerifyError::Duplicate { a: id, b: to });
                }
                let first_of_its_kind = k == 0 || halves[k - 1] != (to, level, weak);
                if first_of_its_kind
                    && count(&sorted[to.index()], (id, -level, weak)) < count(halves, (to, level, weak))
                {
                    errors.push(VerifyError::Asymmetric { from: id, to, level });
                }
            }
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lattice::PrimitiveKind as K;

    fn g32() -> ScalarType {
        ScalarType::new(K::Generic, 32)
    }

    /// The graph of the document's first example, by hand.
    fn example() -> (TypeFlowGraph<&'static str>, Vec<NodeId>) {
        let mut g = TypeFlowGraph::new(Lattice::new(64));
        let a = g.add_node(NodeKind::Value, g32(), "a");
        let b = g.add_node(NodeKind::Value, g32(), "b");
        let c1 = g.add_node(NodeKind::Use, g32(), "c.0");
        let c2 = g.add_node(NodeKind::Use, g32(), "c.1");
        let c = g.add_node(NodeKind::Value, g32(), "c");
        let r = g.add_node(NodeKind::Use, g32(), "ret.0");
        for (x, y) in [(a, c1), (b, c2), (c1, c), (c2, c), (c, r)] {
            g.add_edge(x, y).unwrap();
        }
        (g, vec![a, b, c1, c2, c, r])
    }

    #[test]
    fn a_well_formed_graph_verifies() {
        let (g, n) = example();
        g.verify().unwrap();
        assert_eq!(g.edge_count(), 5);
        let edges: Vec<_> = g.edges().map(|e| (e.a, e.b)).collect();
        assert_eq!(edges, vec![(n[0], n[2]), (n[1], n[3]), (n[2], n[4]), (n[3], n[4]), (n[4], n[5])]);
        // Undirected: each end sees the other.
        assert!(g.node(n[4]).unwrap().neighbors().iter().any(|x| x.node == n[2]));
    }

    #[test]
    fn api_rejects_bad_edges() {
        let (mut g, n) = example();
        assert_eq!(g.add_edge(n[0], n[0]), Err(GraphError::SelfLoop(n[0])));
        assert_eq!(g.add_edge(n[0], NodeId(99)), Err(GraphError::NoSuchNode(NodeId(99))));
        let s = ScalarType::new(K::Signed, 32);
        assert!(g.set_type(n[0], s).is_ok());
        let f = ScalarType::new(K::Float, 64);
        assert!(matches!(g.set_type(n[0], f), Err(GraphError::OutsideBound { .. })));
        g.verify().unwrap();
    }

    #[test]
    fn verify_rejects_a_missing_reverse_edge() {
        let (mut g, n) = example();
        g.push_half_edge(n[0], n[1], 0);
        let e = g.verify().unwrap_err();
        assert_eq!(e.0, vec![VerifyError::Asymmetric { from: n[0], to: n[1], level: 0 }]);
    }

    #[test]
    fn verify_rejects_a_reverse_edge_with_the_wrong_level() {
        let (mut g, n) = example();
        g.push_half_edge(n[0], n[1], 1);
        g.push_half_edge(n[1], n[0], 1);
        let e = g.verify().unwrap_err();
        assert!(e.0.contains(&VerifyError::Asymmetric { from: n[0], to: n[1], level: 1 }), "{e}");
        assert!(e.0.contains(&VerifyError::Asymmetric { from: n[1], to: n[0], level: 1 }), "{e}");
    }

    #[test]
    fn verify_rejects_halves_of_different_strength() {
        let (mut g, n) = example();
        g.add_weak_edge(n[0], n[1]).unwrap();
        g.verify().unwrap();
        g.nodes[n[0].index()].neighbors.last_mut().unwrap().weak = false;
        let e = g.verify().unwrap_err();
        assert!(e.0.contains(&VerifyError::Asymmetric { from: n[0], to: n[1], level: 0 }), "{e}");
    }

    #[test]
    fn verify_rejects_dangling_self_duplicate_and_bad_levels() {
        let (mut g, n) = example();
        g.push_half_edge(n[0], NodeId(42), 0);
        g.push_half_edge(n[1], n[1], 0);
        g.add_edge(n[4], n[5]).unwrap();
        g.push_half_edge(n[2], n[3], 2);
        g.push_half_edge(n[3], n[2], -2);
        let e = g.verify().unwrap_err();
        assert!(e.0.contains(&VerifyError::Dangling { from: n[0], to: NodeId(42) }), "{e}");
        assert!(e.0.contains(&VerifyError::SelfLoop(n[1])), "{e}");
        assert!(e.0.contains(&VerifyError::Duplicate { a: n[4], b: n[5] }), "{e}");
        assert!(e.0.contains(&VerifyError::BadLevel { from: n[2], to: n[3], level: 2 }), "{e}");
        // The message lists every problem.
        assert_eq!(e.to_string().lines().count(), 1 + e.0.len());
    }

    #[test]
    fn verify_rejects_a_type_outside_its_bound() {
        let (mut g, n) = example();
        g.seed(n[0], ScalarType::new(K::Signed, 32)).unwrap();
        g.nodes[n[0].index()].body.ty = ScalarType::new(K::Unsigned, 32);
        let e = g.verify().unwrap_err();
        assert!(matches!(e.0[..], [VerifyError::OutsideBound { .. }]), "{e}");
    }

    #[test]
    fn removing_an_edge_removes_both_halves() {
        let (mut g, n) = example();
        g.remove_edge(n[2], n[4]);
        g.verify().unwrap();
        assert_eq!(g.edge_count(), 4);
    }

    #[test]
    fn deref_edges_store_opposite_levels() {
        let mut g = TypeFlowGraph::new(Lattice::new(64));
        let p = g.add_node(NodeKind::Use, Lattice::new(64).pointer(), "p");
        let v = g.add_node(NodeKind::Use, g32(), "v");
        g.add_deref_edge(p, v).unwrap();
        assert_eq!(g.node(p).unwrap().neighbors(), &[Neighbor { node: v, level: 1, weak: false }]);
        assert_eq!(g.node(v).unwrap().neighbors(), &[Neighbor { node: p, level: -1, weak: false }]);
        assert_eq!(g.edges().collect::<Vec<_>>(), vec![Edge { a: p, b: v, level: 1, weak: false }]);
        g.verify().unwrap();
    }

    #[test]
    fn seeds_narrow_the_bound_or_are_refused() {
        let (mut g, n) = example();
        assert!(g.seed(n[0], ScalarType::new(K::Number, 32)).unwrap());
        assert!(g.seed(n[0], ScalarType::new(K::Signed, 32)).unwrap());
        assert!(!g.seed(n[0], ScalarType::new(K::Unsigned, 32)).unwrap());
        assert_eq!(g.node(n[0]).unwrap().bound, ScalarType::new(K::Signed, 32));
        assert!(!g.seed(n[1], ScalarType::new(K::Signed, 64)).unwrap());
    }
}
