//! The backward pass: from seeded outputs to the cotangents of variables.

use super::graph::{Node, NodeRef, Rule, VjpArgs};
use crate::array::Array;
use crate::error::{Error, Result};
use smallvec::SmallVec;
use std::collections::HashMap as StdHashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Maps keyed by node addresses: a multiplicative hash of the address (the
/// default SipHash is a tenth of a backward pass on small arrays).
type HashMap<K, V> = StdHashMap<K, V, BuildHasherDefault<AddressHasher>>;

#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn write_usize(&mut self, n: usize) {
        // Addresses are 8-aligned: the high bits of the product mix them.
        self.0 = (n as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(26);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Whether a pass is using the nodes' [`Visit`](super::graph::Visit) marks.
static MARKING: AtomicBool = AtomicBool::new(false);

/// The id of the next marking pass (0 is no pass: fresh nodes).
static NEXT_PASS: AtomicU64 = AtomicU64::new(1);

/// The position of each node a pass has reached in its order.
///
/// One pass at a time, process-wide, keeps them in the nodes themselves
/// (two plain loads to read, two stores to write, no hashing); a pass that
/// starts while another one marks (a backward pass inside a derivative, or
/// on another thread, possibly over the same nodes) keeps them in a map of
/// its own, so passes never see each other's marks.
enum Positions {
    Marks(u64),
    Map(HashMap<*const Node, usize>),
}

impl Positions {
    fn begin() -> Positions {
        if MARKING
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
        {
            Positions::Marks(NEXT_PASS.fetch_add(1, Ordering::Relaxed))
        } else {
            Positions::Map(HashMap::with_capacity_and_hasher(64, Default::default()))
        }
    }

    #[inline]
    fn get(&self, n: &Node) -> Option<usize> {
        match self {
            Positions::Marks(pass) => (n.visit.pass.load(Ordering::Relaxed) == *pass)
                .then(|| n.visit.at.load(Ordering::Relaxed)),
            Positions::Map(m) => m.get(&(n as *const Node)).copied(),
        }
    }

    #[inline]
    fn set(&mut self, n: &Node, at: usize) {
        match self {
            Positions::Marks(pass) => {
                n.visit.at.store(at, Ordering::Relaxed);
                n.visit.pass.store(*pass, Ordering::Relaxed);
            }
            Positions::Map(m) => {
                m.insert(n as *const Node, at);
            }
        }
    }
}

impl Drop for Positions {
    fn drop(&mut self) {
        if let Positions::Marks(_) = self {
            MARKING.store(false, Ordering::Release);
        }
    }
}

/// The targets of a pass by node address: a scan for the usual handful, a
/// map for many.
enum Targets {
    Few(SmallVec<[*const Node; 8]>),
    Many(HashMap<*const Node, usize>),
}

impl Targets {
    fn new(targets: &[NodeRef]) -> Targets {
        if targets.len() <= 8 {
            Targets::Few(targets.iter().map(NodeRef::as_ptr).collect())
        } else {
            Targets::Many(
                targets
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (NodeRef::as_ptr(t), i))
                    .collect(),
            )
        }
    }

    #[inline]
    fn get(&self, n: *const Node) -> Option<usize> {
        match self {
            Targets::Few(v) => v.iter().position(|&t| t == n),
            Targets::Many(m) => m.get(&n).copied(),
        }
    }
}

/// Run the graph backwards from `roots` (traced arrays with their seed
/// cotangents) and return the cotangent of each of `targets` (variable
/// nodes), `None` where no path leads to it.
///
/// Only nodes on a path from a root to a target run their rule, so an op
/// without a derivative is an error only when a gradient must pass through
/// it. With `create_graph` the rules see traced inputs and outputs, so the
/// gradients are themselves traced (gradients of gradients).
///
/// The nodes are borrowed from the roots for the whole pass (no reference
/// counting on the way).
pub(crate) fn backward(
    during: &str,
    roots: &[(&Array, Array)],
    targets: &[NodeRef],
    create_graph: bool,
) -> Result<Vec<Option<Array>>> {
    // A pass inside a rule (gradients of gradients) finds the lists taken
    // and makes its own.
    let mut scratch = SCRATCH.take().unwrap_or_default();
    let result = pass(&mut scratch, during, roots, targets, create_graph);
    scratch.slots.clear();
    SCRATCH.set(Some(scratch));
    result
}

/// The working lists of a backward pass, kept per thread between passes
/// with their capacity (a training step runs one pass per step; making and
/// growing them was about 2% of a pass over a chain of 100 small ops).
#[derive(Default)]
struct Scratch {
    /// `order` and `stack` of [`pass`], which hold references to nodes
    /// that live only as long as the pass: kept as words.
    order: Vec<usize>,
    stack: Vec<[usize; 2]>,
    parent_at: Vec<usize>,
    parents_from: Vec<usize>,
    needed: Vec<bool>,
    slots_from: Vec<usize>,
    slots: Vec<Option<Array>>,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Option<Box<Scratch>>> = const { std::cell::Cell::new(None) };
}

/// An empty vector of `U` in the allocation of `v`, emptied.
fn reuse<T, U>(mut v: Vec<T>) -> Vec<U> {
    const {
        assert!(
            std::mem::size_of::<T>() == std::mem::size_of::<U>()
                && std::mem::align_of::<T>() == std::mem::align_of::<U>()
        )
    };
    v.clear();
    let mut v = std::mem::ManuallyDrop::new(v);
    // SAFETY: `T` and `U` have the same size and alignment, so the
    // allocation has the layout a `Vec<U>` of this capacity frees with; the
    // vector is empty, so no value is read as another type.
    unsafe { Vec::from_raw_parts(v.as_mut_ptr().cast::<U>(), 0, v.capacity()) }
}

fn pass(
    scratch: &mut Scratch,
    during: &str,
    roots: &[(&Array, Array)],
    targets: &[NodeRef],
    create_graph: bool,
) -> Result<Vec<Option<Array>>> {
    let target_index = Targets::new(targets);

    // Post-order over the nodes reachable from the roots, not past targets:
    // every node comes after the nodes it read.
    let mut index = Positions::begin();
    let mut order: Vec<&NodeRef> = reuse(std::mem::take(&mut scratch.order));
    // The positions of the parents of node `i` of `order` (usize::MAX for an
    // untraced input) are `parent_at[parents_from[i]..]`, one per parent.
    let parent_at = &mut scratch.parent_at;
    let parents_from = &mut scratch.parents_from;
    parent_at.clear();
    parents_from.clear();
    let mut stack: Vec<(&NodeRef, bool)> = reuse(std::mem::take(&mut scratch.stack));
    for (root, _) in roots {
        if let Some(n) = root.grad_node() {
            stack.push((n, false));
        }
    }
    while let Some((node, expanded)) = stack.pop() {
        if expanded {
            if index.get(node).is_none() {
                index.set(node, order.len());
                order.push(node);
                let is_target = target_index.get(NodeRef::as_ptr(node)).is_some();
                parents_from.push(parent_at.len());
                for p in &node.parents {
                    parent_at.push(match &p.node {
                        Some(n) if !is_target => index.get(n).unwrap_or(usize::MAX),
                        _ => usize::MAX,
                    });
                }
            }
            continue;
        }
        if index.get(node).is_some() {
            continue;
        }
        stack.push((node, true));
        if target_index.get(NodeRef::as_ptr(node)).is_none() {
            for p in &node.parents {
                if let Some(n) = &p.node
                    && index.get(n).is_none()
                {
                    stack.push((n, false));
                }
            }
        }
    }
    scratch.stack = reuse(stack);
    let (parent_at, parents_from) = (&scratch.parent_at, &scratch.parents_from);
    let parents_of =
        |i: usize| &parent_at[parents_from[i]..parents_from[i] + order[i].parents.len()];

    // Which nodes lead to a target (parents come first in post-order).
    let needed = &mut scratch.needed;
    needed.clear();
    needed.resize(order.len(), false);
    for i in 0..order.len() {
        needed[i] = target_index.get(NodeRef::as_ptr(order[i])).is_some()
            || parents_of(i).iter().any(|&j| j != usize::MAX && needed[j]);
    }

    // The cotangents of node `i`'s outputs are `slots[slots_from[i]..]`,
    // one per output (one for a node without outputs).
    let slots_from = &mut scratch.slots_from;
    slots_from.clear();
    let mut total = 0;
    for n in &order {
        slots_from.push(total);
        total += n.outputs.len().max(1);
    }
    // Empty: `backward` clears it after every pass, dropping what is left.
    let slots = &mut scratch.slots;
    slots.resize_with(total, || None);
    for (root, seed) in roots {
        if let Some(n) = root.grad_node()
            && let Some(i) = index.get(n)
        {
            accumulate(&mut slots[slots_from[i]], seed.clone())?;
        }
    }

    let mut result: Vec<Option<Array>> = vec![None; targets.len()];
    for i in (0..order.len()).rev() {
        let node = order[i];
        let mine = slots_from[i]..slots_from[i] + node.outputs.len().max(1);
        if !needed[i] || slots[mine.clone()].iter().all(Option::is_none) {
            continue;
        }
        if let Some(t) = target_index.get(NodeRef::as_ptr(node)) {
            result[t] = slots[mine.start].take();
            continue;
        }
        let parents = parents_of(i);
        let mut need: SmallVec<[bool; 4]> = SmallVec::new();
        for &j in parents {
            need.push(j != usize::MAX && needed[j]);
        }
        let mut grads: SmallVec<[Option<Array>; 2]> = match &node.rule {
            Rule::Variable | Rule::Select => smallvec::smallvec![slots[mine.start].take()],
            Rule::NotDifferentiable => {
                return Err(Error::NotDifferentiable {
                    op: node.op.to_string(),
                    during: during.to_string(),
                });
            }
            Rule::Vjp(f) => {
                let mut cts: SmallVec<[Array; 1]> = SmallVec::new();
                for (slot, out) in slots[mine.clone()].iter_mut().zip(&node.outputs) {
                    cts.push(match slot.take() {
                        Some(c) => c,
                        None => crate::api::zeros_like(out)?,
                    });
                }
                if create_graph {
                    // The rule's ops record too: give it the traced arrays.
                    let inputs: SmallVec<[Array; 2]> = node
                        .inputs
                        .iter()
                        .zip(&node.parents)
                        .map(|(x, p)| x.clone().with_trace(p.node.clone()))
                        .collect();
                    let outputs: SmallVec<[Array; 1]> = if node.outputs.len() == 1 {
                        smallvec::smallvec![node.outputs[0].clone().with_trace(Some(node.clone()))]
                    } else {
                        // Each output of a node with several is traced
                        // through its own selection of the node, as when
                        // it was recorded.
                        node.outputs
                            .iter()
                            .enumerate()
                            .map(|(k, o)| {
                                if super::graph::differentiable_dtype(o) {
                                    o.clone().with_trace(Some(super::graph::Node::select(
                                        node.op, node, k, o,
                                    )))
                                } else {
                                    o.clone()
                                }
                            })
                            .collect()
                    };
                    f(&VjpArgs {
                        cotangents: &cts,
                        outputs: &outputs,
                        inputs: &inputs,
                        need: &need,
                    })?
                } else {
                    f(&VjpArgs {
                        cotangents: &cts,
                        outputs: &node.outputs,
                        inputs: &node.inputs,
                        need: &need,
                    })?
                }
            }
        };
        // Taken in place: moving the list into an iterator, and each
        // gradient through the calls below, copied every array twice more.
        for (k, g) in grads.iter_mut().enumerate() {
            if !need.get(k).copied().unwrap_or(false) {
                continue;
            }
            let Some(g) = g.take() else {
                continue;
            };
            let input = &node.inputs[k];
            let slot = &mut slots[slots_from[parents[k]] + node.parents[k].slot];
            if slot.is_none() && g.shape() == input.shape() && g.dtype() == input.dtype() {
                // The usual case: the first gradient of this input, of its
                // shape and dtype already.
                *slot = Some(g);
            } else {
                accumulate(slot, reduce_to(node.op, g, input)?)?;
            }
        }
    }
    scratch.order = reuse(order);
    Ok(result)
}

/// Add a cotangent into a slot.
fn accumulate(slot: &mut Option<Array>, g: Array) -> Result<()> {
    *slot = Some(match slot.take() {
        None => g,
        Some(acc) => crate::api::add(&acc, &g)?,
    });
    Ok(())
}

/// The one broadcasting rule of the backward pass: a gradient computed for
/// a broadcast input is summed over the axes the broadcast added or
/// stretched, and cast back to the input's dtype (the real part, for a real
/// input that met a complex one).
pub(crate) fn reduce_to(op: &str, g: Array, input: &Array) -> Result<Array> {
    let mut g = g;
    if g.shape() != input.shape() {
        let gd = g.shape().dims().to_vec();
        let id = input.shape().dims();
        if gd.len() < id.len() {
            // A rule gave a gradient of lower rank (a reduction): broadcast it.
            g = crate::api::broadcast_to(&g, input.shape().clone())?;
        } else {
            let lead = gd.len() - id.len();
            let axes: Vec<i64> = (0..gd.len())
                .filter(|&a| a < lead || (id[a - lead] == 1 && gd[a] != 1))
                .map(|a| a as i64)
                .collect();
            if !axes.is_empty() {
                g = crate::api::sum_with(&g, crate::opts::Sum::new().axis(axes).dtype(g.dtype()))?;
            }
            if g.shape() != input.shape() {
                g = crate::api::reshape(&g, crate::Ints::from(input.shape())).map_err(|e| {
                    Error::invalid(
                        op,
                        format!(
                            "the derivative's gradient of shape {} does not reduce to the input's shape {}: {e}",
                            g.shape(),
                            input.shape()
                        ),
                    )
                })?;
            }
        }
    }
    if g.dtype() != input.dtype() {
        if g.dtype().is_complex() && !input.dtype().is_complex() {
            g = crate::api::real(&g)?;
        }
        if g.dtype() != input.dtype() {
            g = crate::api::astype(&g, input.dtype())?;
        }
    }
    Ok(g)
}
