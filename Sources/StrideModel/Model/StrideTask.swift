import Foundation
import StrideBase

/// A task: something a person means to do. (Named `StrideTask` so it never shadows Swift's concurrency `Task`.)
///
/// A value type with no I/O. The store persists it; the transitions in `StrideTask+Transitions.swift` change it.
public struct StrideTask: Equatable, Sendable {
  /// The fields, behind one reference: copying a task (the engine and the store do it often) costs one reference
  /// count instead of one per string and array, and a change copies them only if another copy shares them.
  ///
  /// 136 bytes (a block of 160 from malloc with the storage's header; 240 before): at 100,000 open tasks the
  /// daemon's memory and the ranking's scans are these bytes. What most open tasks have stays here, what the ranking
  /// reads of every task first (the blockers and past deferrals too: behind `extras` they cost the scan a load for
  /// every task that has them, 10% at 10,000 tasks); what few have (the deferral in force, a wait, a start, a
  /// finish, a routine's rule) is behind `extras`.
  struct Fields: Equatable, Sendable {
    var id: TaskID
    var energy: EnergyLevel
    var status: TaskStatus
    var type: TaskType
    var estimateMinutes: Minutes
    var subtasks: [Subtask]
    var blockedBy: [TaskID]
    var deferrals: [Deferral]
    var due: Moment
    var tags: [String]
    var createdAt: Date
    /// Nil for most tasks: that is one load for each question the ranking asks of the rare fields.
    var extras: Extras?
    var list: String?
    var title: String
    var rawInput: String
    var updatedAt: Date
  }

  /// A time that may be missing, in 8 bytes (nil is NaN): a `Date?` takes 16 in the fields (its flag and the
  /// padding after it), and at 100,000 open tasks the ranking's scan and the daemon's memory are the fields' bytes.
  struct Moment: Equatable, Sendable {
    private let seconds: Double
    init(_ date: Date?) { seconds = date?.timeIntervalSinceReferenceDate ?? .nan }
    var date: Date? { seconds.isNaN ? nil : Date(timeIntervalSinceReferenceDate: seconds) }
    static func == (a: Moment, b: Moment) -> Bool { a.seconds == b.seconds || (a.seconds.isNaN && b.seconds.isNaN) }
  }

  /// An estimate that may be missing, in 8 bytes (nil is `Int.min`, which no estimate is), for the same reason.
  struct Minutes: Equatable, Sendable {
    private let raw: Int
    init(_ minutes: Int?) { raw = minutes ?? .min }
    var value: Int? { raw == .min ? nil : raw }
  }

  /// Shared, immutable storage: reading a field needs no exclusivity check, and a change makes a new one. Strings
  /// and arrays are read with `_read`, which lends them in place instead of handing out a counted copy: the
  /// ranking reads them for every open task.
  final class Storage: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private var storage: Storage

  /// The fields, for a change: the changed copy goes into a new storage, so other copies of the task keep theirs.
  private var fields: Fields {
    get { storage.fields }
    _modify {
      var changed = storage.fields
      yield &changed
      storage = Storage(changed)
    }
  }

  public static func == (lhs: StrideTask, rhs: StrideTask) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public var id: TaskID {
    get { storage.fields.id }
    set { fields.id = newValue }
  }
  public var title: String {
    _read { yield storage.fields.title }
    set { fields.title = newValue }
  }
  /// The text the task was captured from, kept forever, whatever later edits do to the title.
  public var rawInput: String {
    _read { yield storage.fields.rawInput }
    set { fields.rawInput = newValue }
  }
  public var energy: EnergyLevel {
    get { storage.fields.energy }
    set { fields.energy = newValue }
  }
  public var estimateMinutes: Int? {
    get { storage.fields.estimateMinutes.value }
    set { fields.estimateMinutes = Minutes(newValue) }
  }
  public var status: TaskStatus {
    get { storage.fields.status }
    set { fields.status = newValue }
  }
  public var type: TaskType {
    get { storage.fields.type }
    set { fields.type = newValue }
  }
  public var subtasks: [Subtask] {
    _read { yield storage.fields.subtasks }
    set { fields.subtasks = newValue }
  }
  public var blockedBy: [TaskID] {
    _read { yield storage.fields.blockedBy }
    set { fields.blockedBy = newValue }
  }
  public var due: Date? {
    get { storage.fields.due.date }
    set { fields.due = Moment(newValue) }
  }
  /// When the task may start; until then it is not suggested (a capture's "after 6pm" or `start:monday`).
  public var start: Date? {
    get { storage.fields.extras?.rare.start.date }
    set { changeRare { $0.start = Moment(newValue) } }
  }
  public var tags: [String] {
    _read { yield storage.fields.tags }
    set { fields.tags = newValue }
  }
  /// The deferral in force while `status` is `deferred`.
  public var deferral: Deferral? {
    get { storage.fields.extras?.rare.deferral }
    set { changeRare { $0.deferral = newValue } }
  }
  /// Every deferral ever made, oldest first.
  public var deferrals: [Deferral] {
    _read { yield storage.fields.deferrals }
    set { fields.deferrals = newValue }
  }
  /// What the task waits for while `status` is `waiting` (optional note).
  public var waitingFor: String? {
    get { storage.fields.extras?.rare.waitingFor }
    set { changeRare { $0.waitingFor = newValue } }
  }
  /// When to check on a waiting task; from then on it is offered as "check on it".
  public var followUp: Date? {
    get { storage.fields.extras?.rare.followUp.date }
    set { changeRare { $0.followUp = Moment(newValue) } }
  }
  public var createdAt: Date {
    get { storage.fields.createdAt }
    set { fields.createdAt = newValue }
  }
  public var updatedAt: Date {
    get { storage.fields.updatedAt }
    set { fields.updatedAt = newValue }
  }
  public var completedAt: Date? {
    get { storage.fields.extras?.rare.completedAt.date }
    set { changeRare { $0.completedAt = Moment(newValue) } }
  }
  /// The name of the list the task belongs to ("inbox", "home"). Every stored task is in exactly one; nil only on
  /// a task not stored yet, which the store puts in the default list.
  public var list: String? {
    _read { yield storage.fields.list }
    set { fields.list = newValue }
  }
  /// How the task repeats, for a routine: done, it comes back at its next occurrence.
  public var recurrence: Recurrence? {
    get { storage.fields.extras?.rare.recurrence }
    set { changeRare { $0.recurrence = newValue } }
  }
  /// How many times a routine's time came and went since it was last done (or skipped): it moved on each time,
  /// one task, never a pile of copies.
  public var missed: Int {
    get { storage.fields.extras?.rare.missed ?? 0 }
    set { changeRare { $0.missed = newValue } }
  }
  /// Whether the task repeats, without copying the rule (for the ranking's scan).
  var repeats: Bool {
    // Most tasks have no extras: that is one load. (`extras?.recurrence != nil` built the optional rule first.)
    guard let extras = storage.fields.extras else { return false }
    return extras.rare.recurrence != nil
  }
  /// Kept in `now` whatever its score, until done or unpinned (at most `maximumPins` tasks).
  public var pinned: Bool {
    get { storage.fields.extras?.rare.pinned ?? false }
    set { changeRare { $0.pinned = newValue } }
  }
  /// Dated notes, oldest first.
  public var notes: [Note] {
    get { storage.fields.extras?.rare.notes ?? [] }
    set { changeRare { $0.notes = newValue } }
  }
  /// The time spent on it, in seconds: the time its focus sessions ran, awake, added up.
  public var spentSeconds: Int {
    get { storage.fields.extras?.rare.spentSeconds ?? 0 }
    set { changeRare { $0.spentSeconds = newValue } }
  }
  /// Its focus sessions, oldest first; the last may still run.
  public var focusSessions: [FocusSession] {
    get { storage.fields.extras?.rare.focusSessions ?? [] }
    set { changeRare { $0.focusSessions = newValue } }
  }

  public init(
    id: TaskID, title: String, rawInput: String, energy: EnergyLevel = .medium, estimateMinutes: Int? = nil,
    status: TaskStatus = .active, type: TaskType = .chore, subtasks: [Subtask] = [], blockedBy: [TaskID] = [],
    due: Date? = nil, start: Date? = nil, tags: [String] = [], deferral: Deferral? = nil, deferrals: [Deferral] = [],
    waitingFor: String? = nil, followUp: Date? = nil, createdAt: Date, updatedAt: Date? = nil,
    completedAt: Date? = nil, recurrence: Recurrence? = nil, pinned: Bool = false, missed: Int = 0,
    notes: [Note] = [], list: String? = nil, spentSeconds: Int = 0, focusSessions: [FocusSession] = []
  ) {
    // Most tasks have none of the rare fields: asked of the arguments, that makes no value of them to throw away
    // (making one and dropping it for every task cost start-up 56 M instructions at 100,000 open tasks).
    let rare =
      recurrence == nil && !pinned && notes.isEmpty && spentSeconds == 0 && focusSessions.isEmpty
        && start == nil && deferral == nil && waitingFor == nil && followUp == nil && completedAt == nil
      ? nil
      : Rare(
        recurrence: recurrence, pinned: pinned, missed: missed, notes: notes, spentSeconds: spentSeconds,
        focusSessions: focusSessions, start: Moment(start), deferral: deferral, waitingFor: waitingFor,
        followUp: Moment(followUp), completedAt: Moment(completedAt))
    storage = Storage(
      Fields(
        id: id, energy: energy, status: status, type: type, estimateMinutes: Minutes(estimateMinutes),
        subtasks: subtasks, blockedBy: blockedBy, deferrals: deferrals, due: Moment(due), tags: tags,
        createdAt: createdAt, extras: rare.flatMap(Extras.holding),
        list: list, title: title, rawInput: rawInput, updatedAt: updatedAt ?? createdAt))
  }

  /// Changes the rare fields: a task left with none of them keeps no extras.
  private mutating func changeRare(_ change: (inout Rare) -> Void) {
    var rare = storage.fields.extras?.rare ?? Rare()
    change(&rare)
    fields.extras = Extras.holding(rare)
  }

  /// How many times the task has been deferred.
  public var deferCount: Int { deferrals.count }

  /// Done steps out of all steps.
  public var progress: StepProgress {
    StepProgress(done: subtasks.count(where: \.done), total: subtasks.count)
  }

  /// The first step not yet done, with its 1-based index.
  public var nextStep: (index: Int, subtask: Subtask)? {
    subtasks.firstIndex(where: { !$0.done }).map { ($0 + 1, subtasks[$0]) }
  }

  /// The task as it stands at `instant`: a deferral whose until-time has passed counts as active again, without
  /// any write being needed to notice it. The deferral stays in `deferrals`.
  public func settled(at instant: Date) -> StrideTask {
    guard status == .deferred, let until = deferral?.until, until <= instant else { return self }
    var task = self
    task.status = .active
    task.deferral = nil
    return task
  }
}
