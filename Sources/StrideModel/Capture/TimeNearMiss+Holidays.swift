/// Holidays of calendars Stride does not compute — the Hindu, Sikh and Jain lunisolar calendars, the Buddhist full
/// moons, the Persian and Parsi new years, whose days depend on the moon and sun as seen in a place — are kept in the
/// title and named in the reply ("order sweets for diwali": Stride does not compute the Hindu calendar), never read
/// as a guessed day. A clock beside one is that day's, so it is not read either ("diwali at 6pm").
extension TimeParser {
  /// The holidays of an uncomputed calendar the text names, as near misses. Most lines name none: a word is made a
  /// string and looked up only when its length and first two letters could begin a name.
  static func unreckonedHolidays(in text: String) -> [TimeNearMiss] {
    let words = text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
    var misses: [TimeNearMiss] = []
    var index = 0
    while index < words.count {
      defer { index += 1 }
      let bytes = words[index]
      guard (4...14).contains(bytes.count), Self.holidayOpenings.contains(Self.opening(bytes)),
        let names = Self.unreckonedByFirstWord[Self.holidayWord(bytes)]
      else { continue }
      for (name, calendar) in names
      where name.indices.allSatisfy({ index + $0 < words.count && Self.holidayWord(words[index + $0]) == name[$0] }) {
        let written = words[index..<(index + name.count)].map { Self.holidayWord($0) }.joined(separator: " ")
        misses.append(TimeNearMiss(text: written, reason: "Stride does not compute the \(calendar)", isDay: true))
        index += name.count - 1
        break
      }
    }
    return misses
  }

  /// A word as the names are written: lower-cased, without the punctuation around it and apostrophes in it.
  private static func holidayWord(_ bytes: Substring.UTF8View) -> String {
    let word = String(decoding: bytes, as: UTF8.self).lowercased()
    let trimmed = word.filter { !wordMarks.contains($0) && $0 != "'" && $0 != "’" }
    return trimmed
  }

  /// A word's first two bytes, lower-cased if they are ASCII letters.
  private static func opening(_ bytes: some Collection<UInt8>) -> UInt16 {
    var bytes = bytes.makeIterator()
    let lower = { (byte: UInt8?) in UInt16(byte.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } ?? 0) }
    return lower(bytes.next()) << 8 | lower(bytes.next())
  }

  /// The first two letters of the names' first words: a word opening otherwise is passed over.
  private static let holidayOpenings: Set<UInt16> = Set(unreckonedByFirstWord.keys.map { opening($0.utf8) })

  /// The names by their first word, longest first, with the calendar each belongs to, as the reply names it.
  private static let unreckonedByFirstWord: [String: [([String], String)]] = {
    let hindu = "Hindu calendar's days, which follow the moon as seen in India; write the date"
    let sikh = "Sikh calendar's days; write the date"
    let jain = "Jain calendar's days; write the date"
    let buddhist = "full moons of the Buddhist calendars, which differ by country; write the date"
    let persian = "Persian and Parsi calendars' new years; write the date"
    let table: [(String, String)] = [
      ("diwali", hindu), ("deepavali", hindu), ("divali", hindu), ("holi", hindu), ("holika dahan", hindu),
      ("navratri", hindu), ("navaratri", hindu), ("dussehra", hindu), ("dasara", hindu), ("vijayadashami", hindu),
      ("durga puja", hindu), ("ganesh chaturthi", hindu), ("raksha bandhan", hindu), ("rakhi", hindu),
      ("janmashtami", hindu), ("krishna janmashtami", hindu), ("karva chauth", hindu), ("karwa chauth", hindu),
      ("onam", hindu), ("pongal", hindu), ("makar sankranti", hindu), ("ugadi", hindu), ("gudi padwa", hindu),
      ("maha shivaratri", hindu), ("mahashivratri", hindu), ("rama navami", hindu), ("ram navami", hindu),
      ("chhath", hindu), ("dhanteras", hindu), ("bhai dooj", hindu), ("vasant panchami", hindu),
      ("basant panchami", hindu), ("vaisakhi", sikh), ("baisakhi", sikh), ("guru nanak jayanti", sikh),
      ("gurpurab", sikh), ("mahavir jayanti", jain), ("vesak", buddhist), ("buddha purnima", buddhist),
      ("nowruz", persian), ("navroz", persian), ("parsi new year", persian),
    ]
    var byFirst: [String: [([String], String)]] = [:]
    for (name, calendar) in table {
      let words = name.split(separator: " ").map(String.init)
      byFirst[words[0], default: []].append((words, calendar))
    }
    return byFirst.mapValues { $0.sorted { $0.0.count > $1.0.count } }
  }()
}
