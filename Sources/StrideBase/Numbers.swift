extension Double {
  /// The number with `places` digits after the point (0 to 15), as printf's `%.2f` writes it: the exact binary value
  /// rounded to the nearest, a tie to the even digit; `sign` writes a `+` before a number that is not negative
  /// (`%+.2f`). "-0.00" is never written. Beyond 2^70 the number is written as Swift describes it.
  public func fixed(_ places: Int, sign: Bool = false) -> String {
    guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : (sign ? "+inf" : "inf")) }
    let magnitude = abs(self)
    guard magnitude < 0x1p70, (0...15).contains(places) else { return String(self) }
    var power: UInt128 = 1
    for _ in 0..<places { power *= 10 }
    // The value is exactly significand × 2^exponent; scaled by 10^places, it is cut at the point and rounded.
    let bits = magnitude.bitPattern
    let biased = Int((bits >> 52) & 0x7FF)
    let fraction = UInt128(bits & ((1 << 52) - 1))
    let significand = biased == 0 ? fraction : fraction | (1 << 52)
    let exponent = biased == 0 ? -1074 : biased - 1075
    let scaled = significand * power
    var units: UInt128
    if exponent >= 0 {
      units = scaled << exponent
    } else if -exponent >= 128 {
      units = 0
    } else {
      units = scaled >> -exponent
      let rest = scaled & ((1 << -exponent) - 1)
      let half: UInt128 = 1 << (-exponent - 1)
      if rest > half || (rest == half && units & 1 == 1) { units += 1 }
    }
    let digits = places == 0 ? "\(units)" : "\(units / power)." + (units % power).padded(places, with: "0")
    if self < 0 && units != 0 { return "-" + digits }
    return sign ? "+" + digits : digits
  }
}

extension BinaryInteger {
  /// The number right-aligned in `width` characters, as printf's `%3d` (or `%02d` with "0", or `%04X` in radix 16)
  /// writes it.
  public func padded(_ width: Int, with pad: Character = " ", radix: Int = 10) -> String {
    let digits = String(self, radix: radix, uppercase: true)
    guard digits.count < width else { return digits }
    guard pad == "0", self < 0 else { return String(repeating: pad, count: width - digits.count) + digits }
    return "-" + String(repeating: "0", count: width - digits.count) + digits.dropFirst()
  }
}
