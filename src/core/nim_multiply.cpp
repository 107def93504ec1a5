// Nim-multiplication by Fermat 2-power splitting (see the header for the method).
#include "grundy/core/nim_multiply.hpp"

#include <array>
#include <cstdint>

namespace grundy {

namespace nim_multiply_detail {

// The product of two nimbers below 2^kBits, by the same splitting all the way to
// single bits: used once, to fill the byte table.
template <int kBits>
constexpr Nimber split_product(Nimber a, Nimber b) {
  if constexpr (kBits == 1) {
    return a & b;
  } else {
    constexpr int kHalf = kBits / 2;
    constexpr Nimber kMask = (Nimber{1} << kHalf) - 1;
    const Nimber low = split_product<kHalf>(a & kMask, b & kMask);
    const Nimber high = split_product<kHalf>(a >> kHalf, b >> kHalf);
    const Nimber cross = split_product<kHalf>((a ^ (a >> kHalf)) & kMask, (b ^ (b >> kHalf)) & kMask);
    const Nimber half_fermat = Nimber{1} << (kHalf - 1);
    return ((cross ^ low) << kHalf) | (low ^ split_product<kHalf>(high, half_fermat));
  }
}

using ByteTable = std::array<std::array<std::uint8_t, 256>, 256>;

const ByteTable& byte_products() {
  static const ByteTable table = [] {
    ByteTable t{};
    for (Nimber a = 0; a < 256; ++a) {
      for (Nimber b = 0; b < 256; ++b) t[a][b] = static_cast<std::uint8_t>(split_product<8>(a, b));
    }
    return t;
  }();
  return table;
}

template <int kBits>
Nimber product(const ByteTable& bytes, Nimber a, Nimber b) {
  if constexpr (kBits == 8) {
    return bytes[a][b];
  } else {
    constexpr int kHalf = kBits / 2;
    constexpr Nimber kMask = (Nimber{1} << kHalf) - 1;
    const Nimber a1 = a >> kHalf;
    const Nimber b1 = b >> kHalf;
    const Nimber a0 = a & kMask;
    const Nimber b0 = b & kMask;
    const Nimber low = product<kHalf>(bytes, a0, b0);
    // Small operands stay in the half field: no cross terms to compute.
    if ((a1 | b1) == 0) return low;
    const Nimber high = product<kHalf>(bytes, a1, b1);
    const Nimber cross = product<kHalf>(bytes, a0 ^ a1, b0 ^ b1);
    const Nimber half_fermat = Nimber{1} << (kHalf - 1);
    return ((cross ^ low) << kHalf) | (low ^ product<kHalf>(bytes, high, half_fermat));
  }
}

}  // namespace nim_multiply_detail

Nimber nim_multiply(Nimber a, Nimber b) noexcept {
  const auto& bytes = nim_multiply_detail::byte_products();
  if ((a | b) < 256) return bytes[a][b];
  if ((a | b) < (Nimber{1} << 16)) return nim_multiply_detail::product<16>(bytes, a, b);
  if ((a | b) < (Nimber{1} << 32)) return nim_multiply_detail::product<32>(bytes, a, b);
  return nim_multiply_detail::product<64>(bytes, a, b);
}

Nimber nim_inverse(Nimber a) noexcept {
  if (a == 0) return 0;
  // The multiplicative group below 2^64 has order 2^64 - 1, so a^(2^64 - 2) = a^-1:
  // the product of a^(2^i) for i = 1 .. 63.
  Nimber result = 1;
  Nimber power = a;
  for (int i = 1; i < 64; ++i) {
    power = nim_multiply(power, power);
    result = nim_multiply(result, power);
  }
  return result;
}

}  // namespace grundy
