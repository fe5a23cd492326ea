extension Double {
  /// The number with `places` digits after the point, rounded to the nearest (a half away from zero), as printf's
  /// `%.2f` writes it; `sign` writes a `+` before a number that is not negative (`%+.2f`). "-0.00" is never written.
  public func fixed(_ places: Int, sign: Bool = false) -> String {
    guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : (sign ? "+inf" : "inf")) }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(self) * scale).rounded(.toNearestOrAwayFromZero)
    let whole = (scaled / scale).rounded(.towardZero)
    let fraction = Int(scaled - whole * scale)
    let digits =
      places == 0 ? String(Int(whole)) : "\(Int(whole))." + fraction.padded(places, with: "0")
    if self < 0 && scaled != 0 { return "-" + digits }
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
