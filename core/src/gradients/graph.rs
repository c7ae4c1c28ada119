//! The gradient graph: one [`Node`] per op applied to traced arrays,
//! recorded by the generated op functions and freed with the last array
//! that refers to it.

use crate::array::Array;
use crate::array::pool;
use crate::error::Result;
use smallvec::SmallVec;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering, fence};

/// How many gradient nodes exist in the process (for leak checks).
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// The number of gradient-graph nodes alive in the process.
///
/// The graph of a gradient call lives in the arrays it traced; the gradient
/// functions detach what they return, so between calls this is zero (unless
/// arrays were kept with `retain_grads`). Leak tests read it.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let before = ivy::gradients::live_nodes();
/// let g = ivy::grad(|x: &ivy::Array| ivy::sum(&ivy::exp(x)?))(&ivy::array![1.0, 2.0])?;
/// assert!(!g.is_traced());
/// # let _ = before;
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn live_nodes() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// The gradients a vector-Jacobian product returns: one per input slot,
/// `None` where the input needs none (or the derivative is zero).
pub type Grads = SmallVec<[Option<Array>; 2]>;

/// A vector-Jacobian product: from the cotangents of a node's outputs to
/// those of its inputs.
pub type VjpFn = dyn Fn(&VjpArgs<'_>) -> Result<Grads> + Send + Sync;

/// What a vector-Jacobian product receives.
///
/// The arrays are traced when the backward pass records a graph of its own
/// (gradients of gradients), and plain otherwise.
pub struct VjpArgs<'a> {
    /// One cotangent per output of the op, zeros where none arrived.
    pub cotangents: &'a [Array],
    /// The outputs of the op.
    pub outputs: &'a [Array],
    /// The inputs of the op, as its kernel saw them (promoted and cast),
    /// lists flattened in parameter order.
    pub inputs: &'a [Array],
    /// For each input, whether its gradient is wanted.
    pub need: &'a [bool],
}

/// What a node does with the cotangent of its output.
#[doc(hidden)]
pub enum Rule {
    /// A variable of a gradient call: the backward pass stops here. Its one
    /// input, if any, is the traced array it stands for (the variable of an
    /// enclosing call), through which an outer pass continues.
    Variable,
    /// Output `k` of a node with several outputs: passes its cotangent to
    /// slot `k` of that node.
    Select,
    /// A differentiable op: its vector-Jacobian product.
    Vjp(Box<VjpFn>),
    /// An op without a derivative: a gradient through it is an error.
    NotDifferentiable,
}

/// Where an input of a node came from: the node and output slot that made
/// it, if it was traced.
pub(crate) struct Parent {
    pub(crate) node: Option<NodeRef>,
    pub(crate) slot: usize,
}

/// A recorded op.
pub struct Node {
    pub(crate) op: &'static str,
    /// The inputs as the op read them, without their traces (a rule reads
    /// them in place).
    pub(crate) inputs: SmallVec<[Array; 2]>,
    /// Where each input came from.
    pub(crate) parents: SmallVec<[Parent; 2]>,
    /// The outputs, without their traces.
    pub(crate) outputs: SmallVec<[Array; 1]>,
    pub(crate) rule: Rule,
    /// Scratch space of the backward pass walking the graph: the id of the
    /// pass that last reached this node and the node's position in that
    /// pass's order (see `backward::Positions`).
    pub(crate) visit: Visit,
}

/// Where a backward pass placed a node (see [`Node::visit`]).
#[derive(Default)]
pub(crate) struct Visit {
    pub(crate) pass: AtomicU64,
    pub(crate) at: AtomicUsize,
}

/// A counted handle to a [`Node`], as `NodeRef` is, whose allocation
/// comes from the per-thread block cache of small arrays
/// (`crate::array::pool`): a training step records and frees the same
/// number of nodes every time, and the system allocator's `malloc` and
/// `free` were a fifth of the cost of recording one.
pub(crate) struct NodeRef(NonNull<NodeBlock>);

/// The allocation behind a [`NodeRef`]: the count of handles and the node.
struct NodeBlock {
    count: AtomicUsize,
    node: Node,
}

// SAFETY: a `NodeRef` is an `NodeRef` in all but its allocator: the count
// is atomic and the node is shared read-only; `Node` itself is `Send + Sync`
// (checked below).
unsafe impl Send for NodeRef {}
// SAFETY: as above.
unsafe impl Sync for NodeRef {}
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Node>()
};

impl NodeRef {
    /// A handle to a new node.
    fn new(node: Node) -> NodeRef {
        NodeRef(pool::boxed(NodeBlock {
            count: AtomicUsize::new(1),
            node,
        }))
    }

    fn block(&self) -> &NodeBlock {
        // SAFETY: the block lives as long as any handle.
        unsafe { self.0.as_ref() }
    }

    /// The node's address (as `Arc::as_ptr`), which identifies it.
    #[inline]
    pub(crate) fn as_ptr(this: &NodeRef) -> *const Node {
        &this.block().node
    }

    /// The node, mutably, when this is its only handle (as `Arc::get_mut`).
    #[inline]
    pub(crate) fn get_mut(this: &mut NodeRef) -> Option<&mut Node> {
        // Acquire: the other handles' drops happen before this one's use.
        if this.block().count.load(Ordering::Acquire) == 1 {
            // SAFETY: the only handle, borrowed mutably.
            Some(unsafe { &mut this.0.as_mut().node })
        } else {
            None
        }
    }
}

impl std::ops::Deref for NodeRef {
    type Target = Node;

    #[inline]
    fn deref(&self) -> &Node {
        &self.block().node
    }
}

impl Clone for NodeRef {
    #[inline]
    fn clone(&self) -> NodeRef {
        // Relaxed, as `Arc` does: made from a handle that keeps it alive.
        let old = self.block().count.fetch_add(1, Ordering::Relaxed);
        if old > isize::MAX as usize {
            std::process::abort();
        }
        NodeRef(self.0)
    }
}

impl Drop for NodeRef {
    #[inline]
    fn drop(&mut self) {
        // As `Arc`: release on the way down, acquire before freeing; the
        // last handle (a count of one) needs no decrement.
        if self.block().count.load(Ordering::Acquire) != 1 {
            if self.block().count.fetch_sub(1, Ordering::Release) != 1 {
                return;
            }
            fence(Ordering::Acquire);
        }
        // SAFETY: the last handle: the block (from `pool::boxed`) is unboxed
        // once, which drops the node and frees the block.
        drop(unsafe { pool::unbox(self.0) });
    }
}

impl Node {
    pub(crate) fn record(
        op: &'static str,
        inputs: &[&Array],
        outputs: SmallVec<[Array; 1]>,
        rule: Rule,
    ) -> NodeRef {
        LIVE.fetch_add(1, Ordering::Relaxed);
        // Pushed one by one: a collect into a SmallVec goes through its
        // general `extend`, several times slower for two elements.
        let mut values = SmallVec::new();
        let mut parents = SmallVec::new();
        for a in inputs {
            values.push(a.detach());
            parents.push(Parent {
                node: a.grad_node().cloned(),
                slot: 0,
            });
        }
        NodeRef::new(Node {
            op,
            inputs: values,
            parents,
            outputs,
            rule,
            visit: Visit::default(),
        })
    }
}

impl Node {
    /// The node of output `slot` of `of` (an op with several outputs).
    pub(crate) fn select(op: &'static str, of: &NodeRef, slot: usize, out: &Array) -> NodeRef {
        LIVE.fetch_add(1, Ordering::Relaxed);
        NodeRef::new(Node {
            op,
            inputs: smallvec::smallvec![out.detach()],
            parents: smallvec::smallvec![Parent {
                node: Some(of.clone()),
                slot,
            }],
            outputs: smallvec::smallvec![out.detach()],
            rule: Rule::Select,
            visit: Visit::default(),
        })
    }
}

impl Drop for Node {
    /// Free a chain of nodes without recursion: a long graph (a training
    /// loop's thousands of ops) would otherwise drop one frame per node.
    fn drop(&mut self) {
        LIVE.fetch_sub(1, Ordering::Relaxed);
        // Pushed one by one (a collect or `extend` into a SmallVec goes
        // through its general path, several times slower for one or two).
        let mut stack: SmallVec<[NodeRef; 4]> = SmallVec::new();
        for p in self.parents.drain(..) {
            if let Some(n) = p.node {
                stack.push(n);
            }
        }
        while let Some(mut node) = stack.pop() {
            // The last handle: take its parents before it drops (in place,
            // without moving the node out of its allocation).
            if let Some(inner) = NodeRef::get_mut(&mut node) {
                for p in inner.parents.drain(..) {
                    if let Some(n) = p.node {
                        stack.push(n);
                    }
                }
            }
        }
    }
}

/// Whether an array should be traced as an op's output: gradients flow
/// through floating and complex arrays only (an integer or boolean result,
/// such as `argmax` or `greater`, is a constant).
pub(crate) fn differentiable_dtype(a: &Array) -> bool {
    let d = a.dtype();
    d.is_float() || d.is_complex()
}

/// Record an op with one output.
pub(crate) fn record_one(op: &'static str, inputs: &[&Array], out: Array, rule: Rule) -> Array {
    if !differentiable_dtype(&out) {
        return out;
    }
    let node = Node::record(op, inputs, smallvec::smallvec![out.detach()], rule);
    out.with_trace(Some(node))
}

/// Record an op with several outputs: one node for the op and a
/// [`Rule::Select`] node per differentiable output.
pub(crate) fn record_many(
    op: &'static str,
    inputs: &[&Array],
    outs: Vec<Array>,
    rule: Rule,
) -> Vec<Array> {
    if !outs.iter().any(differentiable_dtype) {
        return outs;
    }
    let node = Node::record(op, inputs, outs.iter().map(Array::detach).collect(), rule);
    outs.into_iter()
        .enumerate()
        .map(|(k, out)| {
            if !differentiable_dtype(&out) {
                return out;
            }
            let select = Node::select(op, &node, k, &out);
            out.with_trace(Some(select))
        })
        .collect()
}

/// What an op returns, recorded as the output(s) of a node.
pub trait Recorded: Sized {
    /// Record the node and trace the outputs.
    #[doc(hidden)]
    fn record(self, op: &'static str, inputs: &[&Array], rule: Rule) -> Self;
}

impl Recorded for Array {
    fn record(self, op: &'static str, inputs: &[&Array], rule: Rule) -> Array {
        record_one(op, inputs, self, rule)
    }
}

impl Recorded for Vec<Array> {
    fn record(self, op: &'static str, inputs: &[&Array], rule: Rule) -> Vec<Array> {
        record_many(op, inputs, self, rule)
    }
}

/// Tuples of arrays (primary ops with several results, as `slogdet`) are
/// recorded as one node with an output per element.
macro_rules! recorded_tuple {
    ($n:literal: $($a:ident),*) => {
        impl Recorded for ($(recorded_tuple!(@array $a),)*) {
            fn record(self, op: &'static str, inputs: &[&Array], rule: Rule) -> Self {
                let ($($a,)*) = self;
                let mut outs = record_many(op, inputs, vec![$($a),*], rule).into_iter();
                let mut next = || outs.next().unwrap_or_else(|| Array::scalar(0.0f32));
                ($(recorded_tuple!(@next next $a),)*)
            }
        }
    };
    (@array $a:ident) => { Array };
    (@next $next:ident $a:ident) => { $next() };
}
recorded_tuple!(2: a, b);
recorded_tuple!(3: a, b, c);
recorded_tuple!(4: a, b, c, d);

/// A variable of a gradient call standing for `x`, and its node: traced by
/// a fresh node whose input is `x`'s own trace, if any.
pub(crate) fn variable(x: &Array) -> (Array, NodeRef) {
    let node = Node::record(
        "variable",
        &[x],
        smallvec::smallvec![x.detach()],
        Rule::Variable,
    );
    (x.detach().with_trace(Some(node.clone())), node)
}
