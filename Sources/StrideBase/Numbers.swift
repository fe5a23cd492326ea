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

extension BinaryInteger {
  /// The number with its thousands grouped as `locale` groups them (`2,098`; `2.098` in `de_DE`; `2 098` with a
  /// no-break space in `fr_FR`): `LC_ALL`, else `LC_NUMERIC`, else `LANG`, as POSIX looks it up, given by
  /// `ThousandsSeparator.fromEnvironment`. Below 10,000 a number is grouped only where the locale groups four digits.
  public func grouped(_ separator: ThousandsSeparator) -> String {
    let digits = String(self.magnitude)
    guard digits.count > (separator.groupsFourDigits ? 3 : 4) else { return self < 0 ? "-" + digits : digits }
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result += separator.text }
      result.append(digit)
    }
    return self < 0 ? "-" + result : result
  }
}

/// How the person's locale writes the thousands of a number.
public struct ThousandsSeparator: Equatable, Sendable {
  public var text: String
  /// Whether `1234` is grouped too (`1,234` in English), or only from five digits (`1234`, `12 345` in French).
  public var groupsFourDigits: Bool

  public static let comma = ThousandsSeparator(text: ",", groupsFourDigits: true)

  /// The locale's, from `LC_ALL`, else `LC_NUMERIC`, else `LANG`; a comma for English, C, POSIX and none.
  public static func fromEnvironment(_ environment: [String: String]) -> ThousandsSeparator {
    forLocale(localeName(for: "LC_NUMERIC", in: environment))
  }

  /// `en_US.UTF-8` → `,`; `de_DE` → `.`; `fr_FR`, `sv_SE`, `pl_PL` → a no-break space; `de_CH` → `’`.
  public static func forLocale(_ name: String) -> ThousandsSeparator {
    let base = String(name.prefix { $0 != "." && $0 != "@" })
    let language = String(base.prefix { $0 != "_" })
    switch base {
    case "de_CH", "de_LI", "it_CH", "rm_CH": return ThousandsSeparator(text: "’", groupsFourDigits: true)
    case "es_MX", "es_US": return .comma
    case "pt_PT": return ThousandsSeparator(text: "\u{A0}", groupsFourDigits: false)
    default: break
    }
    if dotted.contains(language) { return ThousandsSeparator(text: ".", groupsFourDigits: language != "es") }
    if spaced.contains(language) { return ThousandsSeparator(text: "\u{A0}", groupsFourDigits: language != "pl") }
    return .comma
  }

  private static let dotted: Set<String> = [
    "de", "nl", "it", "es", "da", "id", "tr", "el", "ro", "sl", "hr", "sr", "vi", "is", "pt",
  ]
  private static let spaced: Set<String> = [
    "fr", "nb", "nn", "no", "sv", "fi", "pl", "cs", "sk", "ru", "uk", "bg", "hu", "et", "lv", "lt",
  ]
}
