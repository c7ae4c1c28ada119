//! The arrays a call works on ([`Held`]) and the arrays made for scalar
//! operands, kept per thread so that `x + 1` makes no array for its `1`.

use crate::array::{Array, HostData};
use crate::backend::BackendEntry;
use crate::dtype::Dtype;
use crate::nestable::OperandRef;
use crate::scalar::Scalar;
use crate::shape::Shape;
use std::cell::{Cell, UnsafeCell};
use std::marker::PhantomData;
use std::ops::Deref;
use std::ptr::NonNull;

/// An array a call works on: the caller's (borrowed), one the call made (a
/// cast), or a scalar operand's from this thread's table of them. Two
/// words, so the arrays of a call move around cheaply; it derefs to the
/// array. Dropping a borrowed one is a test of a word against zero,
/// inlined, so the arrays of a call cost nothing to let go.
pub struct Held<'a> {
    array: NonNull<Array>,
    /// What dropping does: nothing (null: the caller's array), drop the
    /// array in its block from `pool::boxed` ([`OWNED`]), or let go of a
    /// scalar's array in this thread's table (the address of its count of
    /// users). One word, as the flag it replaced: with the three cases as
    /// an enum of two words, `ivy::add` on two arrays took 36 instructions
    /// more.
    release: *const Cell<u32>,
    _borrow: PhantomData<&'a Array>,
}

/// [`Held::release`] of an array the `Held` owns: not null, and no count's
/// address (a count is aligned to 4).
const OWNED: *const Cell<u32> = std::ptr::without_provenance(1);

impl<'a> Held<'a> {
    /// The caller's array.
    #[inline]
    pub fn borrowed(a: &'a Array) -> Held<'a> {
        Held {
            array: NonNull::from(a),
            release: std::ptr::null(),
            _borrow: PhantomData,
        }
    }

    /// An array made for this call (in a block of the per-thread cache).
    pub fn owned(a: Array) -> Held<'a> {
        Held {
            array: crate::array::pool::boxed(a),
            release: OWNED,
            _borrow: PhantomData,
        }
    }

    /// The array, cloned (cheaply: storage is shared) if not owned.
    pub fn into_owned(self) -> Array {
        if self.release == OWNED {
            let this = std::mem::ManuallyDrop::new(self);
            // SAFETY: an owned `array` came from `pool::boxed`, and `this`
            // is not dropped, so it is unboxed once.
            unsafe { crate::array::pool::unbox(this.array) }
        } else {
            (*self).clone()
        }
    }
}

impl Drop for Held<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        if !self.release.is_null() {
            release(self.array, self.release);
        }
    }
}

/// Let go of a [`Held`] that is not the caller's (out of line).
#[cold]
#[inline(never)]
fn release(array: NonNull<Array>, how: *const Cell<u32>) {
    if how == OWNED {
        // SAFETY: called once, from the drop of the `Held` that owns the
        // block (from `pool::boxed`).
        drop(unsafe { crate::array::pool::unbox(array) });
    } else {
        // Only a `Held` that is not the caller's comes here (see `drop`).
        debug_assert!(!how.is_null());
        // SAFETY: `how` is the count of an entry of this thread's table,
        // which is not replaced while its count is above zero, and the
        // `Held` was made on this thread (it is not `Send`).
        let count = unsafe { &*how };
        count.set(count.get() - 1);
    }
}

impl Deref for Held<'_> {
    type Target = Array;
    #[inline]
    fn deref(&self) -> &Array {
        // SAFETY: the array is borrowed for `'a`, owned by this value, or in
        // this thread's table, kept there while this value counts in it.
        unsafe { self.array.as_ref() }
    }
}

impl AsRef<Array> for Held<'_> {
    #[inline]
    fn as_ref(&self) -> &Array {
        self
    }
}

/// A 0-d host array holding `s` as `dtype`.
pub fn scalar_array(s: Scalar, dtype: Dtype, backend: &'static BackendEntry) -> Array {
    // Collected into a buffer (from the block cache) rather than a `Vec`
    // (two allocations).
    let data = crate::with_dtype!(dtype, T => HostData::from(
        std::iter::once(s.to_element::<T>()).collect::<crate::array::Buffer<T>>()
    ));
    Array::from_host_unchecked(backend, Shape::scalar(), data)
}

/// The operand as an array: arrays are borrowed, scalars become 0-d arrays of
/// their default dtype.
#[inline]
pub fn to_array<'a>(backend: &'static BackendEntry, x: OperandRef<'a>) -> Held<'a> {
    match x {
        OperandRef::Array(a) => Held::borrowed(a),
        OperandRef::Scalar(s) => default_scalar_operand(s, backend),
    }
}

/// [`scalar_operand`] of the scalar's default dtype: its own function, so
/// [`to_array`] stays a test and a call (and the loops over a call's
/// operands stay inlined).
#[cold]
#[inline(never)]
fn default_scalar_operand<'a>(s: Scalar, backend: &'static BackendEntry) -> Held<'a> {
    scalar_operand(s, s.default_dtype(), backend)
}

/// How many scalar arrays a thread keeps.
const SCALARS: usize = 16;

/// A scalar operand's 0-d array of `dtype` on `backend`: the one this
/// thread made for the same value before if it is still in its table, else
/// a new one, kept for the next call (replacing one no call is using) when
/// there is room. Programs use few distinct constants (`x + 1`, `0.5 * x`,
/// a learning rate), so most calls with a scalar make no array. Out of
/// line, so the array case of [`to_array`] inlines to nothing.
#[cold]
#[inline(never)]
pub(crate) fn scalar_operand<'a>(
    s: Scalar,
    dtype: Dtype,
    backend: &'static BackendEntry,
) -> Held<'a> {
    let key = Key::of(s, dtype, backend);
    TABLE
        .try_with(|table| table.get(key, || scalar_array(s, dtype, backend)))
        .ok()
        .flatten()
        .unwrap_or_else(|| Held::owned(scalar_array(s, dtype, backend)))
}

/// What identifies a scalar's array: the backend, the dtype and the
/// scalar's kind and bits (so `1` and `1.0` are two entries, and a NaN
/// finds itself).
#[derive(Clone, Copy, PartialEq)]
struct Key {
    backend: usize,
    dtype: Dtype,
    kind: u8,
    bits: u128,
}

impl Key {
    fn of(s: Scalar, dtype: Dtype, backend: &'static BackendEntry) -> Key {
        let (kind, bits) = match s {
            Scalar::Bool(b) => (0, u128::from(b)),
            Scalar::Int(i) => (1, i as u128),
            Scalar::Float(f) => (2, u128::from(f.to_bits())),
            Scalar::Complex(c) => (
                3,
                u128::from(c.re.to_bits()) | (u128::from(c.im.to_bits()) << 64),
            ),
        };
        Key {
            backend: std::ptr::from_ref(backend) as usize,
            dtype,
            kind,
            bits,
        }
    }
}

/// One kept array and how many calls on this thread are using it now.
struct Entry {
    key: Key,
    array: Array,
    users: Cell<u32>,
}

/// A thread's scalar arrays. An entry is replaced only when no call uses
/// it, so the arrays handed out stay put while they are used; each slot is
/// its own cell, so replacing one never touches another that is in use.
struct Table {
    slots: [UnsafeCell<Option<Entry>>; SCALARS],
    /// Where the search for a slot to replace starts (round robin).
    hand: Cell<usize>,
    /// The slot found or filled last, looked at first: a loop of `x + 1`
    /// asks for the same value every time.
    last: Cell<usize>,
}

thread_local! {
    static TABLE: Table = const {
        Table {
            slots: [const { UnsafeCell::new(None) }; SCALARS],
            hand: Cell::new(0),
            last: Cell::new(0),
        }
    };
}

impl Table {
    /// The entry of `key` (made by `make` if absent and a slot is free or
    /// unused), counted as used by the returned `Held`; `None` when every
    /// slot is in use by some call.
    fn get<'a>(&self, key: Key, make: impl FnOnce() -> Array) -> Option<Held<'a>> {
        // SAFETY (every read of a slot here): slots are only written below,
        // when no `Held` refers to them; reading one while others are in
        // use is shared access.
        if let Some(e) = unsafe { &*self.slots[self.last.get() % SCALARS].get() }
            && e.key == key
        {
            return Some(Self::hand_out(e));
        }
        let mut spare = None;
        for (i, slot) in self.slots.iter().enumerate() {
            match unsafe { &*slot.get() } {
                Some(e) if e.key == key => {
                    self.last.set(i);
                    return Some(Self::hand_out(e));
                }
                Some(e) if e.users.get() > 0 => {}
                None if spare.is_none() => spare = Some(i),
                _ => {}
            }
        }
        let i = spare.or_else(|| {
            let start = self.hand.get();
            (0..SCALARS).map(|k| (start + k) % SCALARS).find(|&i| {
                unsafe { &*self.slots[i].get() }
                    .as_ref()
                    .is_none_or(|e| e.users.get() == 0)
            })
        })?;
        self.hand.set((i + 1) % SCALARS);
        self.last.set(i);
        let slot = self.slots[i].get();
        // SAFETY: no `Held` refers to this slot (it is empty or unused), and
        // nothing else on this thread holds a reference into it. The old
        // array is dropped after the slot is written, so a drop that ran
        // code touching this table would find it consistent.
        let old = unsafe {
            slot.replace(Some(Entry {
                key,
                array: make(),
                users: Cell::new(0),
            }))
        };
        drop(old);
        // SAFETY: just written.
        unsafe { &*slot }.as_ref().map(Self::hand_out)
    }

    fn hand_out<'a>(e: &Entry) -> Held<'a> {
        e.users.set(e.users.get() + 1);
        Held {
            array: NonNull::from(&e.array),
            release: &e.users,
            _borrow: PhantomData,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run `f` on a thread of its own (a fresh table), failing the test if
    /// it panics.
    fn on_a_new_thread(f: impl FnOnce() + Send + 'static) {
        assert!(
            std::thread::spawn(f).join().is_ok(),
            "the test thread panicked"
        );
    }

    fn entry_count() -> usize {
        TABLE.with(|t| {
            t.slots
                .iter()
                .filter(|s| unsafe { &*s.get() }.is_some())
                .count()
        })
    }

    #[test]
    fn a_scalar_operand_is_made_once_per_thread_and_value() {
        on_a_new_thread(|| {
            let backend = crate::backend::current_backend();
            let a = scalar_operand(Scalar::Int(1), Dtype::Float32, backend);
            let b = scalar_operand(Scalar::Int(1), Dtype::Float32, backend);
            // The same array while both calls use it.
            assert!(std::ptr::eq(&*a, &*b));
            assert_eq!(a.dtype(), Dtype::Float32);
            assert_eq!(a.to_vec::<f32>().ok(), Some(vec![1.0]));
            // Another dtype, kind or value is another array.
            let c = scalar_operand(Scalar::Int(1), Dtype::Float64, backend);
            let d = scalar_operand(Scalar::Float(1.0), Dtype::Float32, backend);
            let e = scalar_operand(Scalar::Float(f64::NAN), Dtype::Float32, backend);
            let f = scalar_operand(Scalar::Float(f64::NAN), Dtype::Float32, backend);
            assert!(!std::ptr::eq(&*a, &*c) && !std::ptr::eq(&*a, &*d));
            assert!(std::ptr::eq(&*e, &*f), "a NaN finds its own entry");
            assert_eq!(c.dtype(), Dtype::Float64);
            assert_eq!(entry_count(), 4);
            drop((a, b, c, d, e, f));
            // A value made after the calls ended is found again.
            let g = scalar_operand(Scalar::Int(1), Dtype::Float32, backend);
            assert_eq!(entry_count(), 4);
            assert_eq!(g.to_vec::<f32>().ok(), Some(vec![1.0]));
        });
    }

    #[test]
    fn entries_in_use_are_never_replaced_and_a_full_table_still_answers() {
        on_a_new_thread(|| {
            let backend = crate::backend::current_backend();
            // Every slot in use by a live `Held`.
            let held: Vec<Held<'_>> = (0..SCALARS as i128)
                .map(|i| scalar_operand(Scalar::Int(i), Dtype::Int64, backend))
                .collect();
            let addresses: Vec<*const Array> = held.iter().map(|h| &**h as *const Array).collect();
            // One more value: made apart (owned), the table unchanged.
            let extra = scalar_operand(Scalar::Int(1000), Dtype::Int64, backend);
            assert_eq!(extra.to_vec::<i64>().ok(), Some(vec![1000]));
            for (i, h) in held.iter().enumerate() {
                assert!(std::ptr::eq(&**h, addresses[i]));
                assert_eq!(h.to_vec::<i64>().ok(), Some(vec![i as i64]));
            }
            drop(extra);
            // Once one is let go, a new value may take its slot; the others
            // stay where they were.
            let mut held = held;
            held.remove(3);
            let new = scalar_operand(Scalar::Int(2000), Dtype::Int64, backend);
            assert_eq!(new.to_vec::<i64>().ok(), Some(vec![2000]));
            for h in &held {
                assert!(addresses.contains(&(&**h as *const Array)));
            }
            let values: Vec<i64> = held
                .iter()
                .flat_map(|h| h.to_vec::<i64>().unwrap_or_default())
                .collect();
            let expected: Vec<i64> = (0..SCALARS as i64).filter(|&i| i != 3).collect();
            assert_eq!(values, expected);
        });
    }

    #[test]
    fn into_owned_keeps_the_value_and_lets_go_of_the_entry() {
        on_a_new_thread(|| {
            let backend = crate::backend::current_backend();
            let a = scalar_operand(Scalar::Float(0.5), Dtype::Float64, backend).into_owned();
            let users = TABLE.with(|t| {
                t.slots
                    .iter()
                    .filter_map(|s| unsafe { &*s.get() }.as_ref())
                    .map(|e| e.users.get())
                    .sum::<u32>()
            });
            assert_eq!(users, 0);
            assert_eq!(a.to_vec::<f64>().ok(), Some(vec![0.5]));
        });
    }
}
