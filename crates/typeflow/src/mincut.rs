//! Maximum flow on small undirected graphs with unit and infinite
//! capacities: the s-t minimum cut that gives the fewest casts where a
//! part's choice is between two types (`propagate`'s step 2c).
//!
//! Edmonds-Karp (shortest augmenting paths): with unit capacities the flow
//! is the cut's size, so the work is that many breadth-first searches; a
//! budget of edge visits bounds it (past it: no answer, and the caller
//! keeps what it had), so that time stays linear in the graph's size.
//!
//! Among the minimum cuts, [`Flow::cheapest_minimum_cut`] finds one whose
//! edges have the smallest sum of tie-breaking costs (given per edge):
//! a cut is minimum exactly when no arc of the residual graph leaves its
//! source side, so a second maximum flow, where residual arcs are
//! uncuttable and saturated ones cost their tie-breaker, chooses among the
//! minimum cuts alone (Picard and Queyranne). Its flow is at most the sum
//! of the tie-breakers of one minimum cut, so it costs about as much as
//! the first.
use std::collections::VecDeque;

/// A capacity no cut may take (an edge that fixes a node to a side).
pub(crate) const INFINITE: u32 = u32::MAX / 4;

pub(crate) struct Flow {
    /// Per vertex, its arcs (indices into `to` and `cap`).
    adj: Vec<Vec<usize>>,
    to: Vec<usize>,
    cap: Vec<u32>,
    /// Per arc, whether it had a capacity, and its tie-breaking cost.
    had: Vec<bool>,
    tie: Vec<u32>,
}

impl Flow {
    pub(crate) fn new(vertices: usize) -> Flow {
        Flow { adj: vec![Vec::new(); vertices], to: Vec::new(), cap: Vec::new(), had: Vec::new(), tie: Vec::new() }
    }

    /// An undirected edge of capacity `c` (two arcs, each the other's
    /// reverse: arc `k` and `k ^ 1`).
    #[cfg(test)]
    pub(crate) fn edge(&mut self, u: usize, v: usize, c: u32) {
        self.arc(u, v, c, c, 0);
    }

    /// A directed edge of capacity `c` from `u` to `v`.
    pub(crate) fn arc_to(&mut self, u: usize, v: usize, c: u32) {
        self.arc(u, v, c, 0, 0);
    }

    /// [`Flow::edge`] whose cutting costs `tie` in
    /// [`Flow::cheapest_minimum_cut`].
    pub(crate) fn edge_tie(&mut self, u: usize, v: usize, c: u32, tie: u32) {
        self.arc(u, v, c, c, tie);
    }

    /// [`Flow::arc_to`] whose cutting costs `tie` in
    /// [`Flow::cheapest_minimum_cut`].
    pub(crate) fn arc_to_tie(&mut self, u: usize, v: usize, c: u32, tie: u32) {
        self.arc(u, v, c, 0, tie);
    }

    fn arc(&mut self, u: usize, v: usize, forward: u32, backward: u32, tie: u32) {
        self.adj[u].push(self.to.len());
        self.to.push(v);
        self.cap.push(forward);
        self.had.push(forward > 0);
        self.tie.push(tie);
        self.adj[v].push(self.to.len());
        self.to.push(u);
        self.cap.push(backward);
        self.had.push(backward > 0);
        self.tie.push(tie);
    }

    /// After [`Flow::max_flow`] from `s` to `t`: the network whose finite
    /// cuts are this one's minimum cuts, each costing the sum of the
    /// tie-breakers of its arcs, with its maximum flow computed (its
    /// [`Flow::source_side`] and [`Flow::sink_side`] are then the extreme
    /// cheapest minimum cuts). `None` past `budget`.
    pub(crate) fn cheapest_minimum_cut(&self, s: usize, t: usize, budget: u64) -> Option<Flow> {
        let mut next = Flow::new(self.adj.len());
        for a in 0..self.to.len() {
            let (u, v) = (self.to[a ^ 1], self.to[a]);
            if self.cap[a] > 0 {
                // Residual: a minimum cut never has u on the source's side
                // and v on the sink's.
                next.arc_to(u, v, INFINITE);
            } else if self.had[a] && self.tie[a] > 0 {
                next.arc_to(u, v, self.tie[a]);
            }
        }
        next.max_flow(s, t, budget)?;
        Some(next)
    }

    /// The maximum flow from `s` to `t` (the capacities become residual),
    /// or `None` when it reaches [`INFINITE`] (no finite cut) or the
    /// searches would visit more than `budget` arcs.
    pub(crate) fn max_flow(&mut self, s: usize, t: usize, budget: u64) -> Option<u64> {
        let mut total = 0u64;
        let mut spent = 0u64;
        loop {
            spent += self.to.len() as u64;
            if spent > budget {
                return None;
            }
            // Shortest augmenting path.
            let mut via = vec![usize::MAX; self.adj.len()];
            let mut queue = VecDeque::from([s]);
            let mut seen = vec![false; self.adj.len()];
            seen[s] = true;
            while let Some(u) = queue.pop_front() {
                if u == t {
                    break;
                }
                for &a in &self.adj[u] {
                    let v = self.to[a];
                    if self.cap[a] > 0 && !seen[v] {
                        seen[v] = true;
                        via[v] = a;
                        queue.push_back(v);
                    }
                }
            }
            if !seen[t] {
                return Some(total);
            }
            let mut push = u32::MAX;
            let mut v = t;
            while v != s {
                let a = via[v];
                push = push.min(self.cap[a]);
                v = self.to[a ^ 1];
            }
            let mut v = t;
            while v != s {
                let a = via[v];
                self.cap[a] -= push;
                self.cap[a ^ 1] += push;
                v = self.to[a ^ 1];
            }
            total += u64::from(push);
            if total >= u64::from(INFINITE) {
                return None;
            }
        }
    }

    /// The vertices that reach `t` in the residual graph (after
    /// [`Flow::max_flow`]): the sink side of the minimum cut with the
    /// smallest such side (the other sides of [`Flow::source_side`]'s cut
    /// and this one are the two extreme minimum cuts).
    pub(crate) fn sink_side(&self, t: usize) -> Vec<bool> {
        let mut seen = vec![false; self.adj.len()];
        seen[t] = true;
        let mut queue = VecDeque::from([t]);
        while let Some(u) = queue.pop_front() {
            for &a in &self.adj[u] {
                // Arc a goes u -> v; v reaches u when the reverse arc
                // (v -> u, which is a ^ 1) has capacity left.
                let v = self.to[a];
                if self.cap[a ^ 1] > 0 && !seen[v] {
                    seen[v] = true;
                    queue.push_back(v);
                }
            }
        }
        seen
    }

    /// The vertices reachable from `s` in the residual graph (after
    /// [`Flow::max_flow`]): the source side of a minimum cut.
    pub(crate) fn source_side(&self, s: usize) -> Vec<bool> {
        let mut seen = vec![false; self.adj.len()];
        seen[s] = true;
        let mut queue = VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for &a in &self.adj[u] {
                let v = self.to[a];
                if self.cap[a] > 0 && !seen[v] {
                    seen[v] = true;
                    queue.push_back(v);
                }
            }
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_cut_once() {
        // s=0 - 1 - 2 - t=3, unit edges: one cut.
        let mut f = Flow::new(4);
        f.edge(0, 1, 1);
        f.edge(1, 2, 1);
        f.edge(2, 3, 1);
        assert_eq!(f.max_flow(0, 3, u64::MAX), Some(1));
        let side = f.source_side(0);
        assert!(side[0] && !side[3]);
        // The two extreme cuts: right after s, or right before t.
        assert_eq!(side, [true, false, false, false]);
        assert_eq!(f.sink_side(3), [false, false, false, true]);
    }

    #[test]
    fn the_cheaper_side_of_a_diamond() {
        // s fixed to 1 and 2 (infinitely), 1 and 2 both to 3, 3 to t by
        // three unit edges through 4, 5, 6: cutting the two edges into 3
        // is cheaper than the three out of it.
        let (s, t) = (0, 7);
        let mut f = Flow::new(8);
        f.arc_to(s, 1, INFINITE);
        f.arc_to(s, 2, INFINITE);
        f.edge(1, 3, 1);
        f.edge(2, 3, 1);
        for k in 4..7 {
            f.edge(3, k, 1);
            f.arc_to(k, t, INFINITE);
        }
        assert_eq!(f.max_flow(s, t, u64::MAX), Some(2));
        let side = f.source_side(s);
        assert!(side[1] && side[2] && !side[3]);
    }

    #[test]
    fn ties_among_minimum_cuts_go_to_the_cheapest_edges() {
        // s - 1 - 2 - 3 - t: every edge is a minimum cut (one); the edge
        // 2 - 3 costs nothing to cut, the others one. Without the costs
        // the extreme cuts are right after s and right before t.
        let (s, t) = (0, 4);
        let mut f = Flow::new(5);
        f.arc_to_tie(s, 1, 1, 1);
        f.edge_tie(1, 2, 1, 1);
        f.edge_tie(2, 3, 1, 0);
        f.arc_to_tie(3, t, 1, 1);
        assert_eq!(f.max_flow(s, t, u64::MAX), Some(1));
        assert_eq!(f.source_side(s), [true, false, false, false, false]);
        let c = f.cheapest_minimum_cut(s, t, u64::MAX).expect("within budget");
        assert_eq!(c.source_side(s), [true, true, true, false, false]);
        assert_eq!(c.sink_side(t), [false, false, false, true, true]);
    }

    #[test]
    fn a_cheaper_cut_that_is_not_minimum_is_not_taken() {
        // Two parallel paths s - 1 - t and s - 2 - t (the arcs into t of
        // capacity two) and an edge 1 - 2: the one minimum cut (two) is
        // right after s, whose arcs are costly; the cuts through the
        // costless arcs are larger and not taken.
        let (s, t) = (0, 3);
        let mut f = Flow::new(4);
        f.arc_to_tie(s, 1, 1, 5);
        f.arc_to_tie(s, 2, 1, 5);
        f.edge_tie(1, 2, 1, 0);
        f.arc_to_tie(1, t, 2, 0);
        f.arc_to_tie(2, t, 2, 0);
        assert_eq!(f.max_flow(s, t, u64::MAX), Some(2));
        let c = f.cheapest_minimum_cut(s, t, u64::MAX).expect("within budget");
        assert_eq!(c.source_side(s), [true, false, false, false]);
    }

    #[test]
    fn fixed_on_both_sides_has_no_finite_cut() {
        let mut f = Flow::new(3);
        f.arc_to(0, 1, INFINITE);
        f.arc_to(1, 2, INFINITE);
        assert_eq!(f.max_flow(0, 2, u64::MAX), None);
    }

    #[test]
    fn a_spent_budget_gives_no_answer() {
        let mut f = Flow::new(4);
        f.edge(0, 1, 1);
        f.edge(0, 2, 1);
        f.edge(1, 3, 1);
        f.edge(2, 3, 1);
        assert_eq!(f.max_flow(0, 3, 10), None);
    }
}
