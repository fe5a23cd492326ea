import StrideBase

/// The answer to a now-list question as the daemon keeps it: the suggestions with their tasks, and what a client
/// needs to say why the list is short. The wire carries it as `Wire.NowResult`, its tasks said in the words of
/// each connection that hears it (an announcement is heard in several zones).
public struct NowAnswer: Sendable, Equatable {
  public var suggestions: [Suggestion]
  /// How many tasks are open in all.
  public var openTasks: Int
  /// The energy the list was ranked for: the question's, else the stored context; nil when unknown.
  public var energy: EnergyLevel?
  /// With no energy set: the one the person usually has at this hour, learned from what they finished, which the
  /// list was ranked for; nil when none is learned (then the energy is unknown).
  public var learnedEnergy: LearnedEnergy?
  /// With `all`: every open task left out, and why.
  public var hidden: [HiddenEntry]?
  /// How many open tasks are past their due time, hidden ones included.
  public var overdue: Int
  /// With tags: how many open tasks have one of them.
  public var tagged: Int?
  /// How many tasks that could be started now are left out though out of view for `outOfViewDays` days or more.
  public var outOfViewLong: Int?
  public var outOfViewDays: Int?
  /// The answer is of a day to come (`now --at friday`): what it says of days out of view holds if nothing is shown
  /// before then.
  public var ahead = false
  /// The focus session that runs, as it stood when the answer was worked out; shown apart from the suggestions.
  public var focus: RunningFocus?
  /// What the calendars say of the moment, when an event is running or near.
  public var calendar: CalendarLine?

  public init(
    suggestions: [Suggestion], openTasks: Int, energy: EnergyLevel?, hidden: [HiddenEntry]? = nil, overdue: Int = 0,
    tagged: Int? = nil, outOfViewLong: Int? = nil, outOfViewDays: Int? = nil, focus: RunningFocus? = nil
  ) {
    self.suggestions = suggestions
    self.openTasks = openTasks
    self.energy = energy
    self.hidden = hidden
    self.overdue = overdue
    self.tagged = tagged
    self.outOfViewLong = outOfViewLong
    self.outOfViewDays = outOfViewDays
    self.focus = focus
  }

  /// The same list with every suggestion's terms left out (the `terms: false` param).
  public var withoutTerms: NowAnswer {
    var answer = self
    for index in answer.suggestions.indices { answer.suggestions[index].terms = [] }
    return answer
  }
}

extension HiddenEntry {
  /// A task the now-list left out, and why.
  public init(_ hidden: HiddenTask) {
    self.init(id: hidden.task.id, title: hidden.task.title, reason: hidden.hidden.reason, detail: hidden.hidden.detail)
  }
}
