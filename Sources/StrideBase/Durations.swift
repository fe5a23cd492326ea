/// Lengths of time written the way Taskwarrior users write them: `2h`, `90min`, `1.5days`, `3 weeks`, `weekly`,
/// `P1DT2H`. A month is 30 days, a quarter 91 and a year 365, as in Taskwarrior. Also the compact lengths the time
/// parser reads ("2h30", "½h") and an estimate in minutes: plain text, needing no calendar, so the client reads
/// `--for` and `--estimate` itself.
public enum Durations {
  /// Seconds in each unit word.
  static let units: [String: Int] = {
    var table: [String: Int] = [:]
    let groups: [([String], Int)] = [
      (["s", "sec", "secs", "second", "seconds"], 1),
      (["m", "min", "mins", "minute", "minutes"], Seconds.perMinute),
      (["h", "hr", "hrs", "hour", "hours"], Seconds.perHour),
      (["d", "day", "days"], Seconds.perDay),
      (["w", "wk", "wks", "week", "weeks"], Seconds.perWeek),
      (["sennight", "sennights"], Seconds.perWeek),
      (["fortnight", "fortnights"], 2 * Seconds.perWeek),
      (["mo", "mos", "month", "months"], 30 * Seconds.perDay),
      (["q", "qtr", "qtrs", "quarter", "quarters"], 91 * Seconds.perDay),
      (["y", "yr", "yrs", "year", "years"], 365 * Seconds.perDay),
    ]
    for (words, seconds) in groups {
      for word in words { table[word] = seconds }
    }
    return table
  }()

  /// Words that are a duration on their own.
  static let named: [String: Int] = [
    "daily": Seconds.perDay, "day": Seconds.perDay, "weekdays": Seconds.perDay, "weekly": Seconds.perWeek,
    "week": Seconds.perWeek, "biweekly": 2 * Seconds.perWeek, "fortnight": 2 * Seconds.perWeek,
    "monthly": 30 * Seconds.perDay, "month": 30 * Seconds.perDay, "bimonthly": 61 * Seconds.perDay,
    "quarterly": 91 * Seconds.perDay, "semiannual": 183 * Seconds.perDay, "annual": 365 * Seconds.perDay,
    "yearly": 365 * Seconds.perDay, "year": 365 * Seconds.perDay, "biannual": 730 * Seconds.perDay,
    "biyearly": 730 * Seconds.perDay,
  ]

  /// The longest length read, some 6,800 years: a number `Int` holds with room to spare.
  public static let maximumSeconds = Double(Int32.max) * 100

  /// The length `text` names in whole seconds (fractions of a second are dropped), or nil. A number alone is not
  /// a duration: `59` could be anything.
  public static func seconds(_ text: String) -> Int? {
    let lower = text.lowercased().trimmingWhitespace
    if let value = named[lower] { return value }
    if lower.hasPrefix("p") || lower.hasPrefix("-p") { return iso(lower) }
    var total = 0.0
    var rest = Substring(lower)
    var parts = 0
    while !rest.isEmpty {
      rest = rest.drop { $0 == " " }
      let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      guard !number.isEmpty, let value = Double(number) else { return nil }
      rest = rest.dropFirst(number.count).drop { $0 == " " }
      let unit = rest.prefix { $0.isLetter }
      guard let seconds = units[String(unit)] else { return nil }
      rest = rest.dropFirst(unit.count)
      total += value * Double(seconds)
      parts += 1
    }
    guard parts > 0, total < maximumSeconds else { return nil }
    return Int(total)
  }

  /// ISO 8601 durations: `P1Y2M3DT4H5M6S`, `P2W`, with an optional leading minus.
  static func iso(_ text: String) -> Int? {
    var rest = Substring(text)
    var sign = 1
    if rest.hasPrefix("-") {
      sign = -1
      rest = rest.dropFirst()
    }
    guard rest.hasPrefix("p") else { return nil }
    rest = rest.dropFirst()
    var total = 0
    var inTime = false
    var parts = 0
    let dateUnits: [Character: Int] = [
      "y": 365 * Seconds.perDay, "m": 30 * Seconds.perDay, "w": Seconds.perWeek, "d": Seconds.perDay,
    ]
    let timeUnits: [Character: Int] = ["h": Seconds.perHour, "m": Seconds.perMinute, "s": 1]
    while let next = rest.first {
      if next == "t" {
        guard !inTime else { return nil }
        inTime = true
        rest = rest.dropFirst()
        continue
      }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, let value = Int(digits) else { return nil }
      rest = rest.dropFirst(digits.count)
      guard let unit = rest.first, let seconds = (inTime ? timeUnits : dateUnits)[unit] else { return nil }
      rest = rest.dropFirst()
      // A length past any calendar (found by fuzzing: P666666666666668M) is no length, not an overflow.
      let (product, overflowed) = value.multipliedReportingOverflow(by: seconds)
      let (sum, overflowedSum) = total.addingReportingOverflow(product)
      guard !overflowed, !overflowedSum else { return nil }
      total = sum
      parts += 1
    }
    guard parts > 0, !(inTime && text.hasSuffix("t")) else { return nil }
    return sign * total
  }

  /// Minutes in an estimate: `15m`, `1h30m`, `2h`, `90min`, `1.5h`, `PT1H`.
  public static func minutes(_ text: String) -> Int? {
    guard let seconds = seconds(text) ?? compact(text).flatMap(compactSeconds), seconds > 0
    else { return nil }
    return max(1, Int((Double(seconds) / 60).rounded()))
  }

  private static func compactSeconds(_ value: (Double, RelativeUnit)) -> Int? {
    let seconds: Double
    switch value.1 {
    case .seconds(let length): seconds = value.0 * Double(length)
    case .days(let length): seconds = Seconds.days(value.0 * Double(length))
    case .months: return nil
    }
    // As Durations.seconds: never a number Int cannot hold.
    return seconds.isFinite && seconds < maximumSeconds ? Int(seconds) : nil
  }

  /// Units of a relative time and their length in seconds; a day or longer moves by calendar days.
  public static let relativeUnits: [String: RelativeUnit] = {
    var table: [String: RelativeUnit] = [:]
    let groups: [([String], RelativeUnit)] = [
      (["s", "sec", "secs", "second", "seconds"], .seconds(1)),
      (["m", "min", "mins", "minute", "minutes"], .seconds(Seconds.perMinute)),
      (["h", "hr", "hrs", "hour", "hours"], .seconds(Seconds.perHour)),
      (["d", "day", "days"], .days(1)),
      (["w", "wk", "wks", "week", "weeks"], .days(7)),
      (["fortnight", "fortnights"], .days(14)),
      (["mo", "mos", "mon", "mons", "month", "months"], .months(1)),
      (["q", "qtr", "quarter", "quarters"], .months(3)),
      (["y", "yr", "yrs", "year", "years"], .months(12)),
    ]
    for (words, unit) in groups {
      for word in words { table[word] = unit }
    }
    return table
  }()

  /// A number: "2", "1.5", "1/2", "½", "2½".
  public static func number(_ text: String) -> Double? {
    if let value = Double(text), value.isFinite { return value }
    if let last = text.last, let fraction = fractions[last] {
      let whole = text.dropLast()
      guard whole.isEmpty || whole.allSatisfy(\.isDigit) else { return nil }
      return (Double(whole) ?? 0) + fraction
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom > 0, top < bottom else {
      return nil
    }
    return top / bottom
  }

  public static let fractions: [Character: Double] = ["½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3]

  /// "2h", "15min", "1.5hours", "2hr5min".
  public static func compact(_ word: String) -> (Double, RelativeUnit)? {
    guard word.startsWithNumber,
      word.contains(where: { $0.isLetter && fractions[$0] == nil })
    else { return nil }
    var seconds = 0.0
    var calendarDays = 0.0
    var months = 0.0
    var lastUnit = 0
    var rest = Substring(word)
    while !rest.isEmpty {
      let number = rest.prefix { $0.isDigit || $0 == "." || $0 == "/" || fractions[$0] != nil }
      let unitWord = rest.dropFirst(number.count).prefix { $0.isLetter && fractions[$0] == nil }
      // "2h30": the minutes after the hours need no unit.
      let afterHours =
        unitWord.isEmpty && number.count == rest.count && (1...2).contains(number.count) && lastUnit == Seconds.perHour
      guard let value = Self.number(String(number)),
        let unit = afterHours ? .seconds(Seconds.perMinute) : relativeUnits[String(unitWord)]
      else {
        return nil
      }
      if case .seconds(let length) = unit { lastUnit = length }
      switch unit {
      case .seconds(let length): seconds += value * Double(length)
      case .days(let length): calendarDays += value * Double(length)
      case .months(let length): months += value * Double(length)
      }
      rest = rest.dropFirst(number.count + unitWord.count)
    }
    if seconds == 0 && months == 0 { return (calendarDays, .days(1)) }
    if seconds == 0 && calendarDays == 0 { return (months, .months(1)) }
    return (seconds + Seconds.days(calendarDays) + Seconds.days(months * 30), .seconds(1))
  }
}

/// How far a relative time moves: by seconds (an exact instant) or by calendar days or months (a day).
public enum RelativeUnit: Equatable, Sendable {
  case seconds(Int)
  case days(Int)
  case months(Int)
}

extension Character {
  /// `asciiValue` from the character's UTF-8 bytes: a character of one byte is that ASCII byte, and of two bytes
  /// starting with a carriage return is "\r\n", a line feed; every other character is no ASCII one (no other pair of
  /// ASCII scalars makes one character). The standard library's compares the character with "\r\n" as strings and
  /// checks its first scalar's index, which cost the capture parser a tenth of its time.
  public var asciiQuick: UInt8? {
    let bytes = utf8
    switch bytes.count {
    case 1: return bytes.first
    case 2: return bytes.first == 13 ? 10 : nil
    default: return nil
    }
  }

  /// 0 to 9: the digits a number Stride reads is written in (`isNumber` is also true of "½", "²" and "٣"). Read from
  /// the character's ASCII value, without the Unicode tables: the capture parser asks this of every character.
  public var isDigit: Bool {
    guard let ascii = asciiQuick else { return false }
    return ascii >= 48 && ascii <= 57
  }

  /// The same answer as `isLetter`, without the Unicode tables for ASCII characters.
  public var isLetterQuick: Bool {
    guard let ascii = asciiQuick else { return isLetter }
    return (ascii | 0x20) >= 97 && (ascii | 0x20) <= 122
  }

  /// The same answer as `isWhitespace`, without the Unicode tables for the ASCII characters nearly every line is
  /// made of (a tab, a line break, a space; "\r\n" is one character).
  public var isSpace: Bool {
    guard let ascii = asciiQuick else { return isWhitespace }
    return ascii == 32 || (ascii >= 9 && ascii <= 13)
  }
}

extension StringProtocol {
  /// `first?.isDigit == true`, with the first byte asked before the first character is made: most words start with
  /// a letter, and making a character costs a hundred instructions or more.
  public var startsWithDigit: Bool {
    guard let lead = utf8.first, lead >= 0x30, lead <= 0x39 else { return false }
    return first?.isDigit == true
  }

  /// Whether the first character starts a number: a digit, or a fraction of `Durations.fractions` ("½"), whose
  /// first byte is not ASCII. Asked of the first byte first, as `startsWithDigit`.
  public var startsWithNumber: Bool {
    guard let lead = utf8.first, (lead >= 0x30 && lead <= 0x39) || lead >= 0x80 else { return false }
    return first?.isDigit == true || first.map(Durations.fractions.keys.contains) == true
  }
}
