#![allow(clippy::needless_range_loop)] // limb loops index several arrays at once
//! Exact integer weights: [`Weight`] for `i128` and the fixed-width [`Wide`].

use std::cmp::Ordering;
use std::fmt::Debug;

/// An exact integer weight for the matching algorithm.
///
/// ```
/// use xiangqi_matching::{Weight, Wide};
///
/// let a = Wide::<4>::from_u64(6);
/// assert_eq!(a.add(a).half(), a);
/// assert_eq!(<i128 as Weight>::from_wide(&Wide::<8>::from_u64(6)), Some(6));
/// assert_eq!((-3i128).to_wide(), Wide::<8>::ZERO.wsub(&Wide::from_u64(3)));
/// assert_eq!(a.to_wide(), Wide::<8>::from_u64(6));
/// ```
pub trait Weight: Copy + Ord + Debug {
    /// Zero.
    const ZERO: Self;
    /// Sum (callers keep values far from overflow).
    fn add(self, other: Self) -> Self;
    /// Difference.
    fn sub(self, other: Self) -> Self;
    /// Exact half of an even value (arithmetic shift).
    fn half(self) -> Self;
    /// Converts from the widest representation; `None` when the value does not fit.
    fn from_wide(w: &Wide<8>) -> Option<Self>;
    /// The value in the widest representation (sign-extended, exact).
    fn to_wide(self) -> Wide<8>;
    /// An approximation as a float (for pruning only).
    fn to_f64(self) -> f64;
    /// A small non-negative value.
    fn from_u64(v: u64) -> Self;
    /// Twice the value.
    fn double(self) -> Self {
        self.add(self)
    }
}

impl Weight for i128 {
    const ZERO: Self = 0;
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn sub(self, o: Self) -> Self {
        self - o
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_u64(v: u64) -> Self {
        v as i128
    }
    fn from_wide(w: &Wide<8>) -> Option<Self> {
        if w.is_negative() || w.0[2..].iter().any(|&x| x != 0) || w.0[1] >> 60 != 0 {
            return None;
        }
        Some(((w.0[1] as i128) << 64) | w.0[0] as i128)
    }
    fn to_wide(self) -> Wide<8> {
        let fill = if self < 0 { u64::MAX } else { 0 };
        let mut a = [fill; 8];
        a[0] = self as u64;
        a[1] = (self >> 64) as u64;
        Wide(a)
    }
}

/// A signed two's-complement integer of `N` 64-bit limbs (little-endian).
///
/// ```
/// use xiangqi_matching::Wide;
///
/// let x = Wide::<2>([u64::MAX, 0]).wadd(&Wide::from_u64(1)); // 2^64
/// assert_eq!(x, Wide([0, 1]));
/// assert_eq!(x.bits(), 65);
/// assert!(Wide::<2>::ZERO.wsub(&x).is_negative());
/// ```
#[derive(Clone, Copy, Eq, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

/// Equality limb by limb without a branch (the derived one may call `memcmp`); the same
/// relation as the arrays' equality.
impl<const N: usize> PartialEq for Wide<N> {
    fn eq(&self, other: &Self) -> bool {
        let mut diff = 0u64;
        for i in 0..N {
            diff |= self.0[i] ^ other.0[i];
        }
        diff == 0
    }
}

/// The limbs' hash, as derived (equal values have equal limbs).
impl<const N: usize> std::hash::Hash for Wide<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const N: usize> Wide<N> {
    /// Zero.
    pub const ZERO: Self = Wide([0; N]);

    /// A small non-negative value.
    pub fn from_u64(v: u64) -> Self {
        let mut a = [0; N];
        a[0] = v;
        Wide(a)
    }

    /// `true` if the sign bit is set.
    pub fn is_negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }

    /// Product with a small non-negative factor (wrapping).
    pub fn mul_u64(&self, f: u64) -> Self {
        let mut out = [0u64; N];
        let mut carry: u128 = 0;
        for (o, &x) in out.iter_mut().zip(self.0.iter()) {
            let p = x as u128 * f as u128 + carry;
            *o = p as u64;
            carry = p >> 64;
        }
        Wide(out)
    }

    /// Number of significant bits of a non-negative value.
    pub fn bits(&self) -> u32 {
        for i in (0..N).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + (64 - self.0[i].leading_zeros());
            }
        }
        0
    }

    /// Sum (wrapping).
    pub fn wadd(&self, o: &Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for i in 0..N {
            (out[i], carry) = self.0[i].carrying_add(o.0[i], carry);
        }
        Wide(out)
    }

    /// Difference (wrapping).
    pub fn wsub(&self, o: &Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for i in 0..N {
            (out[i], borrow) = self.0[i].borrowing_sub(o.0[i], borrow);
        }
        Wide(out)
    }

    /// Narrows or widens (sign-extending) to `M` limbs.
    pub fn resize<const M: usize>(&self) -> Wide<M> {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        let mut out = [fill; M];
        for (i, o) in out.iter_mut().enumerate() {
            if i < N {
                *o = self.0[i];
            }
        }
        Wide(out)
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        // without branches: the borrow of the lower limbs' difference decides between equal
        // top limbs (compared signed), and any differing limb makes the values differ
        let mut borrow = false;
        let mut diff = 0u64;
        for i in 0..N - 1 {
            let d;
            (d, borrow) = self.0[i].borrowing_sub(other.0[i], borrow);
            diff |= d;
        }
        let (a, b) = (self.0[N - 1] as i64 as i128, other.0[N - 1] as i64 as i128);
        let top = a - b - borrow as i128;
        if top < 0 {
            Ordering::Less
        } else if top > 0 || diff != 0 {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    fn add(self, o: Self) -> Self {
        self.wadd(&o)
    }
    fn sub(self, o: Self) -> Self {
        self.wsub(&o)
    }
    fn half(self) -> Self {
        let mut out = [0u64; N];
        let sign = self.0[N - 1] & (1 << 63);
        for i in 0..N {
            let hi = if i + 1 < N { self.0[i + 1] << 63 } else { sign };
            out[i] = (self.0[i] >> 1) | hi;
        }
        Wide(out)
    }
    fn to_f64(self) -> f64 {
        let neg = self.is_negative();
        let v = if neg {
            Wide::<N>::ZERO.wsub(&self)
        } else {
            self
        };
        let mut f = 0.0;
        for i in (0..N).rev() {
            f = f * 18446744073709551616.0 + v.0[i] as f64;
        }
        if neg { -f } else { f }
    }
    fn from_u64(v: u64) -> Self {
        Wide::from_u64(v)
    }
    fn from_wide(w: &Wide<8>) -> Option<Self> {
        let r: Wide<N> = w.resize();
        if r.resize::<8>() == *w && !r.is_negative() {
            Some(r)
        } else {
            None
        }
    }
    fn to_wide(self) -> Wide<8> {
        self.resize()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn wide_arithmetic_and_order_agree_with_i128(a in any::<i128>(), b in any::<i128>(), small in -3i128..3) {
            for (a, b) in [(a, b), (a, a), (a, a.wrapping_add(small)), (small, b)] {
                let (wa, wb) = (a.to_wide(), b.to_wide());
                let (a2, b2): (Wide<2>, Wide<2>) = (wa.resize(), wb.resize());
                prop_assert_eq!(a2.cmp(&b2), a.cmp(&b));
                prop_assert_eq!(wa.resize::<4>().cmp(&wb.resize::<4>()), a.cmp(&b));
                prop_assert_eq!(wa.cmp(&wb), a.cmp(&b));
                prop_assert_eq!(a2.wadd(&b2), a.wrapping_add(b).to_wide().resize::<2>());
                prop_assert_eq!(a2.wsub(&b2), a.wrapping_sub(b).to_wide().resize::<2>());
                let (a1, b1) = (Wide::<1>([a as u64]), Wide::<1>([b as u64]));
                prop_assert_eq!(a1.cmp(&b1), (a as i64).cmp(&(b as i64)));
            }
        }
    }
}
