/// Holidays of calendars Stride does not compute — the Hindu, Sikh and Jain lunisolar calendars, the Buddhist full
/// moons, the Persian and Parsi new years, whose days depend on the moon and sun as seen in a place — are kept in the
/// title and named in the reply ("order sweets for diwali": Stride does not compute the Hindu calendar), never read
/// as a guessed day. A clock beside one is that day's, so it is not read either ("diwali at 6pm").
extension TimeParser {
  /// The holidays of an uncomputed calendar the text names, as near misses. Most lines name none, and are passed
  /// over without a string made or a table hashed: each word's bytes are folded into a number that is looked up
  /// among the names' first words (`namesAnyWord`); only a line with a match is cut into words.
  static func unreckonedHolidays(in text: String) -> [TimeNearMiss] {
    guard namesAnyWord(text.utf8) else { return [] }
    let words = text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
    var misses: [TimeNearMiss] = []
    var index = 0
    while index < words.count {
      defer { index += 1 }
      guard let names = Self.unreckonedByFirstWord[Self.holidayWord(words[index])] else { continue }
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

  /// Whether a word of the text could begin a name: its letters (lower-cased, without the marks around it or
  /// apostrophes in it) folded as FNV-1a and found among the names' first words, by a binary search.
  private static func namesAnyWord(_ bytes: String.UTF8View) -> Bool {
    var hash: UInt64 = fnvOffset
    var length = 0
    for byte in bytes {
      if byte == 0x20 || byte == 0x09 {
        if length > 0, firstWordHashes.contains(hash) { return true }
        (hash, length) = (fnvOffset, 0)
      } else if let folded = foldedByte(byte) {
        hash = (hash ^ UInt64(folded)) &* 0x100_0000_01b3
        length += 1
      }
    }
    return length > 0 && firstWordHashes.contains(hash)
  }

  private static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325

  /// A byte as the names are written: ASCII letters lower-cased; nil for the marks around a word and an apostrophe.
  private static func foldedByte(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x41...0x5A: byte | 0x20
    case 0x22, 0x27, 0x28, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x21, 0x3F: nil
    default: byte
    }
  }

  /// The names' first words, folded as `namesAnyWord` folds a word of the text.
  private static let firstWordHashes: SortedHashes = SortedHashes(
    unreckonedByFirstWord.keys.map { word in
      word.utf8.reduce(fnvOffset) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    })

  /// A word as the names are written: lower-cased, without the punctuation around it and apostrophes in it.
  private static func holidayWord(_ bytes: Substring.UTF8View) -> String {
    let word = String(decoding: bytes, as: UTF8.self).lowercased()
    let trimmed = word.filter { !wordMarks.contains($0) && $0 != "'" && $0 != "’" }
    return trimmed
  }

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
      ("durga puja", hindu), ("ganesh chaturthi", hindu), ("raksha bandhan", hindu),
      ("janmashtami", hindu), ("krishna janmashtami", hindu), ("karva chauth", hindu), ("karwa chauth", hindu),
      ("onam", hindu), ("makar sankranti", hindu), ("ugadi", hindu), ("gudi padwa", hindu),
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

/// Numbers kept sorted, for a membership test by binary search: no hashing of the number itself.
struct SortedHashes: Sendable {
  private let values: [UInt64]

  init(_ values: [UInt64]) { self.values = values.sorted() }

  func contains(_ value: UInt64) -> Bool {
    var (low, high) = (0, values.count)
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < values.count && values[low] == value
  }
}
