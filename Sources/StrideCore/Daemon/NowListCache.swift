import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideWire
import Synchronization

/// A cache of the last answer to a now-list question about the present: asked again before anything changes, the
/// same bytes go out. After a change it works that question out again on a background queue, so the next `now`
/// finds it ready; the plain question's answer also becomes the prompt line's file. The engine stays a pure function
/// of the tasks and the moment; only its answer is kept, here.
final class NowListCache: Sendable {
  private let tasks: Tasks
  private let clock: @Sendable () -> Date
  /// The answer kept, with what it holds for.
  private let entry = Locked<Entry?>(nil)
  /// Where the engine runs after a change, off the requests' threads and at a lower priority, so no reply and no
  /// client reading one waits for it: the kept answer is worked out again here (and the now.changed subscribers'
  /// list, one run after another).
  let background = BackgroundQueue()
  /// Whether a run after a change waits on `background` already: a burst of changes queues one run, not one each.
  private let runQueued = Atomic(false)
  /// The prompt line's file beside the socket, when the daemon serves one.
  private let promptFile: PromptLineFile?

  init(tasks: Tasks, clock: @escaping @Sendable () -> Date, promptFile: PromptLineFile?) {
    self.tasks = tasks
    self.clock = clock
    self.promptFile = promptFile
  }

  /// A now-list answer as it was sent, and what it holds for: the question, the store's revision, and the span of
  /// time.
  struct Entry: Sendable {
    var params: Wire.NowList.Params
    var revision: Int
    var from: Date
    var until: Date
    var answer: Data
    /// The answer as worked out, with every term.
    var result: NowAnswer
  }

  /// The kept answer, when it answers the subscribers' question (the daemon's zone, every term) about the tasks as
  /// they are at `instant`: announced as it is, it saves the engine a second run after a change.
  func answer(forAnnouncementAt instant: Date) -> NowAnswer? {
    let revision = tasks.revision
    return entry.withLock { kept in
      guard var kept, kept.revision == revision, kept.from <= instant, instant < kept.until else { return nil }
      kept.params.terms = nil
      return kept.params == Wire.NowList.Params(timeZone: tasks.timeZone.identifier) ? kept.result : nil
    }
  }

  /// The encoded answer to a now-list question. A question about the present (no `at`, no `all`) is answered once
  /// and kept: asked again, the same bytes go out until the tasks or the context change, the minute turns, or the
  /// clock reaches a moment that changes some task's standing (a due time, a wake-up, the energy lapsing). The engine
  /// stays a pure function of the tasks and the moment; only its answer is kept. Asked while the background run
  /// after a change works out that same question (`waiting`, not on that run's own queue), it waits for that run
  /// (up to 50 ms) instead of running the engine a second time beside it.
  func encoded(_ params: Wire.NowList.Params, at now: Date, waiting: Bool = true) throws -> Data {
    guard params.at == nil, params.all != true else {
      return try WireEncoder().encode(Wire.NowResult(tasks.nowResult(params, at: now, detail: params.all == true)))
    }
    let kept = try presentAnswer(params, at: now, waiting: waiting)
    // Asked by a client (not worked out ahead in the background): the person sees these now. A first sighting of
    // the day is written on the background queue, after the answer.
    if waiting, let zone = TimeZone(identifier: kept.params.timeZone ?? tasks.timeZone.identifier) {
      let records = tasks.saw(kept.result.suggestions.map(\.task.id), at: now, zone: zone)
      if !records.isEmpty { background.async { [tasks] in tasks.keep(records) } }
    }
    return kept.answer
  }

  /// `now.prompt`: the plain now-list's first suggestion as one line, and how long it holds.
  func promptLine(at now: Date) throws -> NowPrompt.Result {
    let kept = try presentAnswer(Wire.NowList.Params(terms: false), at: now, waiting: true)
    return NowPrompt.Result(kept.result, until: kept.until)
  }

  /// The kept answer to a question about the present, worked out and kept when none holds. The plain question's
  /// (the daemon's zone, no filters) also becomes the prompt line's file.
  private func presentAnswer(_ params: Wire.NowList.Params, at now: Date, waiting: Bool) throws -> Entry {
    // One zone under any of its names ("UTC", "GMT", none when the daemon's is UTC) is one question.
    var question = params
    question.timeZone = try tasks.zone(params.timeZone).identifier
    // The revision is read before the tasks are: a change in between makes the kept answer stale, never wrong.
    var revision = tasks.revision
    func kept() -> Entry? {
      entry.withLock { kept in
        guard let kept, kept.params == question, kept.revision == revision, kept.from <= now, now < kept.until
        else { return nil }
        return kept
      }
    }
    if let kept = kept() { return kept }
    // The wait is bounded: the queue runs at a lower priority, and on a machine busy with other work a question
    // asked at the usual priority works its answer out itself rather than wait behind it.
    if waiting, entry.withLock({ $0?.params == question }) {
      background.waitForQueued(within: 0.05)
      revision = tasks.revision
      if let kept = kept() { return kept }
    }
    // Worked out with its terms, which the kept answer holds for the subscribers' announcement (it may be the same
    // question), and sent without them when the question asked so.
    var whole = params
    whole.terms = nil
    let result = try tasks.nowResult(whole, at: now, detail: false)
    let answer = try WireEncoder().encode(Wire.NowResult(params.terms == false ? result.withoutTerms : result))
    // The tasks' next moment is found outside the lock (a pass over every open task): a change meanwhile moves the
    // revision on, which makes this answer stale anyway.
    let minute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
    // A focus session's time left is said in whole minutes: the answer holds until the next one of those.
    let until = try [tasks.nextMoment(after: now), result.focus?.nextChange].compactMap { $0 }.reduce(minute, min)
    let fresh = Entry(params: question, revision: revision, from: now, until: until, answer: answer, result: result)
    entry.withLock { $0 = fresh }
    whole.timeZone = question.timeZone
    if let promptFile, whole == Wire.NowList.Params(timeZone: tasks.timeZone.identifier) {
      promptFile.keep(NowPrompt.Result(result, until: until), from: now, revision: revision, tasks: tasks)
    }
    return fresh
  }

  /// After a change, answers the last question about the present again in the background, if one was asked.
  /// Changes that come in a burst queue one answer, not one each.
  func refresh() {
    guard entry.withLock({ $0 != nil }),
      runQueued.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { return }
    background.async { [weak self] in
      guard let self else { return }
      runQueued.store(false, ordering: .releasing)
      guard let params = entry.withLock({ $0?.params }) else { return }
      _ = try? encoded(params, at: clock(), waiting: false)
    }
  }

  /// Waits until the runs queued so far have been made, and the prompt line's file written.
  func settle() {
    background.waitForQueued()
    promptFile?.queue.sync {}
  }
}
