import StrideBase
import StrideWire

/// One suggestion of a plain answer.
struct ShownRecord {
  let id: Int
  let kind: SuggestionKind
  let prompt: String?
  let why: [String]
}

/// One plain `now.list` as the person saw it, and what `all` said beside it.
struct QueryRecord {
  let day: Int
  let hour: Int
  /// The second of a pair asked one minute apart.
  let repeated: Bool
  /// The daemon's clock at the call was between these.
  let lo: Instant
  let hi: Instant
  let minutes: Int?
  /// The energy the daemon ranked for, and the one the person set (nil: unknown or lapsed).
  let energy: EnergyLevel?
  let personEnergy: EnergyLevel?
  let shown: [ShownRecord]
  /// Open tasks that could have been shown: the five, and those left out only by the ranking or a filter of the
  /// moment (variety, not-in-top, too-much-energy, stuck, too-long, wrong-time).
  let eligible: Set<Int>
  /// Why each task left out was left out (`all`).
  let hidden: [Int: HiddenReason]
  let openTasks: Int
  /// With `--day`: what the person's day says of the moment, and what the daemon answered of it.
  var lived: DayMoment?

  /// The minutes the list is for: those the person said, else, with the calendar given, those free before their
  /// next meeting.
  var timeGiven: Int? { minutes ?? lived.flatMap { $0.calendarGiven ? $0.free : nil } }

  var ids: [Int] { shown.map(\.id) }
  var shownSet: Set<Int> { Set(ids) }
}

extension HiddenReason {
  /// Left out by the ranking or by a filter of the moment, not by a state the person chose.
  var eligible: Bool {
    switch self {
    case .variety, .notInTop, .tooMuchEnergy, .stuck, .tooLong, .wrongTime: true
    case .completed, .waiting, .deferred, .blocked, .lowEnergy, .notStarted, .notTagged, .otherList, .routineLater:
      false
    }
  }
}

/// The why-claims: how many were checked, which were false and which phrases the checker does not know.
struct ClaimTally {
  struct Example {
    let when: Instant
    let task: Int
    let title: String
    let phrase: String
    let reason: String
    let kind: String
  }

  var checked = 0
  var falseCount = 0
  /// Per kind of claim: checked and false.
  var byKind: [String: (checked: Int, false: Int)] = [:]
  var falses: [Example] = []
  var unknown: [String: Int] = [:]

  mutating func count(_ kind: String, _ verdict: Verdict, example: () -> Example) {
    switch verdict {
    case .unknown:
      unknown[example().phrase, default: 0] += 1
      return
    case .holds:
      byKind[kind, default: (0, 0)].checked += 1
    case .fails:
      byKind[kind, default: (0, 0)].checked += 1
      byKind[kind, default: (0, 0)].false += 1
      falseCount += 1
      falses.append(example())
    }
    checked += 1
  }

  /// A false claim's case: the task and the form of the phrase (its words before any number or time).
  static func caseKey(_ example: Example) -> String {
    let form = example.phrase.prefix { !$0.isNumber }.split(separator: " ").prefix(4).joined(separator: " ")
    return "\(example.task) \(example.kind) \(form)"
  }

  /// How many different cases the false claims are (a task saying one wrong thing over many questions is one).
  var falseCases: Int { Set(falses.map(Self.caseKey)).count }

  /// Up to `limit` false claims, spread over the cases (the first of each case, then the second…), in time order.
  func examples(_ limit: Int) -> [Example] {
    var cases: [String: [Example]] = [:]
    var order: [String] = []
    for example in falses {
      let key = Self.caseKey(example)
      if cases[key] == nil { order.append(key) }
      cases[key, default: []].append(example)
    }
    var chosen: [Example] = []
    var round = 0
    while chosen.count < limit && cases.values.contains(where: { $0.count > round }) {
      for key in order where chosen.count < limit {
        if let list = cases[key], list.count > round { chosen.append(list[round]) }
      }
      round += 1
    }
    return chosen.sorted { $0.when < $1.when }
  }
}

/// What a why phrase turned out to be.
enum Verdict {
  case holds
  case fails(String)
  case unknown
}
