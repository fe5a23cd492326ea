import Foundation

/// The pieces of a time phrase that move from now ("in 2 hours", "+2d") and that name a clock time ("5pm").
extension Scan {
  /// "in 20 minutes", "in 2 hours", "in 3 days", "2 weeks from now", "+2d", "3 days ago", "within a week".
  func relativePiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    var position = index
    var sign = 1.0
    var needsSuffix = true
    if word == "in" || word == "within" {
      position += 1
      needsSuffix = false
      while let filler = self.word(position), ["about", "around", "approximately", "roughly", "~"].contains(filler) {
        position += 1
      }
    } else if word.hasPrefix("+") || word.hasPrefix("-"), word.count > 1 {
      sign = word.hasPrefix("-") ? -1 : 1
      needsSuffix = false
    }
    guard let (amounts, afterAmounts) = amounts(at: position, signed: !needsSuffix) else { return nil }
    position = afterAmounts
    if needsSuffix {
      guard let suffix = self.word(position) else {
        return marked ? (relative(amounts, sign: 1), position, false) : nil
      }
      switch suffix {
      case "after", "before":
        // "2 days after tomorrow", "a week before friday"; alone, "after" is later and "before" earlier.
        let direction = suffix == "after" ? 1.0 : -1.0
        if let (anchor, _, end) = expression(at: position + 1, marked: true), case .day(let day) = anchor {
          return (.day(shifted(day, amounts, sign: direction)), end, false)
        }
        guard !careful else { return nil }
        sign = direction
        position += 1
      case "later", "hence":
        position += 1
      case "from":
        guard self.word(position + 1) == "now" else { return nil }
        position += 2
      case "ago", "earlier":
        sign = -1
        position += 1
      default:
        guard marked else { return nil }
      }
    }
    return (relative(amounts, sign: sign), position, false)
  }

  /// One or more amounts with units ("2 hours", "1d 2hr 5min", "an hour and a half" is not read).
  func amounts(at index: Int, signed: Bool = false) -> ([(Double, RelativeUnit)], Int)? {
    var amounts: [(Double, RelativeUnit)] = []
    var position = index
    while let (amount, unit, next) = amountAndUnit(at: position, signed: signed && amounts.isEmpty) {
      amounts.append((amount, unit))
      position = next
      if self.word(position) == "and", amountAndUnit(at: position + 1, signed: false) != nil { position += 1 }
    }
    return amounts.isEmpty ? nil : (amounts, position)
  }

  /// A day moved by whole days and months.
  func shifted(_ day: CivilDate, _ amounts: [(Double, RelativeUnit)], sign: Double) -> CivilDate {
    var result = day
    for (amount, unit) in amounts {
      switch unit {
      case .days(let length): result = result.adding(days: Int(sign * amount * Double(length)))
      case .months(let length): result = result.adding(months: Int(sign * amount * Double(length)))
      case .seconds(let length): result = result.adding(days: Int(sign * amount * Double(length) / 86_400))
      }
    }
    return result
  }

  /// A number (or "a", "an", "half an", "a few") and a unit, as one word ("2h", "+15min") or two ("2 hours").
  func amountAndUnit(at index: Int, signed: Bool) -> (Double, RelativeUnit, Int)? {
    guard var word = self.word(index) else { return nil }
    if signed, word.hasPrefix("+") || word.hasPrefix("-") { word.removeFirst() }
    if let compact = Scan.compactDuration(word) { return (compact.0, compact.1, index + 1) }
    var position = index
    var amount: Double
    if let number = Double(word), word.first?.isNumber == true {
      amount = number
      position += 1
    } else if let value = TimeWords.amounts[word] {
      amount = value
      position += 1
      // "a few", "a couple of", "half an".
      if let next = self.word(position), let more = TimeWords.amounts[next], ["a", "an", "half"].contains(word) {
        amount = word == "half" ? 0.5 : more
        position += 1
      }
      if self.word(position) == "of" { position += 1 }
    } else {
      return nil
    }
    guard let unitWord = self.word(position), let unit = TimeWords.relativeUnits[unitWord] else { return nil }
    return (amount, unit, position + 1)
  }

  /// "2h", "15min", "1.5hours", "2hr5min".
  static func compactDuration(_ word: String) -> (Double, RelativeUnit)? {
    guard word.first?.isNumber == true, word.contains(where: \.isLetter) else { return nil }
    var seconds = 0.0
    var calendarDays = 0.0
    var months = 0.0
    var rest = Substring(word)
    while !rest.isEmpty {
      let number = rest.prefix { $0.isNumber || $0 == "." }
      let unitWord = rest.dropFirst(number.count).prefix { $0.isLetter }
      guard let value = Double(number), let unit = TimeWords.relativeUnits[String(unitWord)] else { return nil }
      switch unit {
      case .seconds(let length): seconds += value * Double(length)
      case .days(let length): calendarDays += value * Double(length)
      case .months(let length): months += value * Double(length)
      }
      rest = rest.dropFirst(number.count + unitWord.count)
    }
    if seconds == 0 && months == 0 { return (calendarDays, .days(1)) }
    if seconds == 0 && calendarDays == 0 { return (months, .months(1)) }
    return (seconds + calendarDays * 86_400 + months * 30 * 86_400, .seconds(1))
  }

  /// Moves from now: by seconds gives an instant; by whole days or months gives a day.
  func relative(_ amounts: [(Double, RelativeUnit)], sign: Double) -> Piece {
    var seconds = 0.0
    var days = 0.0
    var months = 0.0
    for (amount, unit) in amounts {
      switch unit {
      case .seconds(let length): seconds += amount * Double(length)
      case .days(let length): days += amount * Double(length)
      case .months(let length): months += amount * Double(length)
      }
    }
    let wholeDays = days.rounded(.towardZero) == days && months.rounded(.towardZero) == months
    if seconds == 0 && wholeDays {
      let day = parser.today.adding(months: Int(sign * months)).adding(days: Int(sign * days))
      return .day(day)
    }
    let total = seconds + days * 86_400 + months * 30 * 86_400
    return .instant(parser.reference.addingTimeInterval(sign * total))
  }

  /// "5pm", "5:30pm", "5 pm", "5:30 p.m.", "17:00", "17:00:30", "at 5", "5 o'clock".
  func clockPiece(_ word: String, _ index: Int, afterAt: Bool) -> (Piece, Int, Bool)? {
    var text = word
    var meridiem: String?
    for suffix in ["a.m.", "p.m.", "a.m", "p.m", "am", "pm", "a", "p"] where text.hasSuffix(suffix) {
      let stem = text.dropLast(suffix.count)
      guard let last = stem.last, last.isNumber else { continue }
      meridiem = String(suffix.prefix(1))
      text = String(stem)
      break
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isNumber) })
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    var position = index + 1
    if meridiem == nil, let next = self.word(position) {
      if ["am", "pm", "a.m.", "p.m.", "a.m", "p.m"].contains(next) {
        meridiem = String(next.prefix(1))
        position += 1
      } else if parts.count == 1, next == "o'clock" || (next == "o" && self.word(position + 1) == "clock") {
        position += next == "o" ? 2 : 1
        return (.hour(numbers[0]), position, false)
      }
    }
    if parts.count > 1 && parts[1].count != 2 { return nil }
    if let meridiem {
      guard (1...12).contains(numbers[0]) else { return nil }
      let hour = numbers[0] % 12 + (meridiem == "p" ? 12 : 0)
      guard
        let clock = ClockTime(
          hour: hour, minute: numbers.count > 1 ? numbers[1] : 0,
          second: numbers.count > 2 ? numbers[2] : 0)
      else { return nil }
      return (.clock(clock), position, false)
    }
    if parts.count == 1 {
      // A bare number is an hour only after "at" ("at 5") or before "tonight" ("11 tonight"); inside a title a
      // number before "tonight" is more often a count ("read chapter 4 tonight"), so there it needs "at".
      guard afterAt || (!careful && self.word(position) == "tonight"), (0...23).contains(numbers[0]),
        parts[0].count <= 2
      else {
        return nil
      }
      return (.hour(numbers[0]), position, false)
    }
    guard let clock = ClockTime(hour: numbers[0], minute: numbers[1], second: numbers.count > 2 ? numbers[2] : 0)
    else { return nil }
    return (.clock(clock), position, false)
  }
}
