// Nim-multiplication: the product of the field of nimbers below 2^64.
// Conway's definition, a*b = mex{a'*b ^ a*b' ^ a'*b' : a' < a, b' < b}, makes the
// nimbers below each 2^(2^k) a field; the value of a product of coin-turning
// games (the Tartan theorem) is the nim-product of its factors' values.
// Computed by splitting at Fermat 2-powers F = 2^(2^k): with a = a1*F + a0,
// F*F = F + F/2, so a product is three half-size products (Karatsuba) and one by
// the constant F/2, down to a 256 x 256 table of byte products built once.
#pragma once

#include "grundy/core/nimber.hpp"

namespace grundy {

/// The nim-product of two nimbers (commutative, associative, distributes over XOR;
/// 1 is its unit). Any 64-bit values; never fails.
[[nodiscard]] Nimber nim_multiply(Nimber a, Nimber b) noexcept;

/// The nim-product's inverse: b with nim_multiply(a, b) == 1. Precondition: a != 0
/// (0 has no inverse; 0 is returned for it).
[[nodiscard]] Nimber nim_inverse(Nimber a) noexcept;

}  // namespace grundy
