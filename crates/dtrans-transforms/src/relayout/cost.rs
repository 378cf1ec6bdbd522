//! The cost model: every profitability threshold of the layout passes, in
//! one place. The passes ask it; none keeps a threshold of its own.
use dtrans_analysis::regions::FrequencyEstimate;

/// Every parameter of the layout decisions, each documented once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostModel {
    /// Bytes in a cache line.
    pub line: u64,
    /// Static frequency estimate: each loop level multiplies a block's
    /// weight by this.
    pub loop_weight: u64,
    /// Static frequency estimate: loop levels counted at most.
    pub max_depth: u32,
    /// peel: a field is hot when accessed at least this share of the most
    /// frequent field's count.
    pub peel_hot: f64,
    /// reorder-fields: a field is hot when accessed at least this share of
    /// the most frequent field's count.
    pub reorder_hot: f64,
    /// peel: the hot fields may take at most this share of the record.
    pub peel_hot_cap: f64,
}

impl Default for CostModel {
    fn default() -> Self {
        CostModel { line: 64, loop_weight: 8, max_depth: 6, peel_hot: 0.25, reorder_hot: 0.1, peel_hot_cap: 0.75 }
    }
}

impl CostModel {
    /// The static frequency estimate the analysis uses.
    pub fn estimate(&self) -> FrequencyEstimate {
        FrequencyEstimate { loop_weight: self.loop_weight, max_depth: self.max_depth }
    }

    /// Fields accessed at least `share` as often as the most frequent one.
    pub fn hot(&self, freq: &[u64], share: f64) -> Vec<u32> {
        let max = freq.iter().copied().max().unwrap_or(0);
        (0..freq.len() as u32).filter(|f| max > 0 && freq[*f as usize] as f64 >= share * max as f64 - 1e-9).collect()
    }
}
