import Foundation
import StrideBase

/// The same figures for a program: one object per seed under `runs`.
enum ReportJSON {
  static func share(_ share: Share) -> [String: Any] {
    ["of": share.of, "hits": share.hits, "percent": share.percent.map { ($0 * 10).rounded() / 10 } ?? NSNull()]
  }

  static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

  static func run(_ result: RunResult, _ options: Options) -> [String: Any] {
    let figures = result.figures
    let totals = result.totals
    return [
      "seed": result.seed, "days": options.days, "arrivals": options.arrivals,
      "start": Timestamp(secondsSince1970: Double(options.start)).rfc3339,
      "seconds": rounded(result.seconds), "restarts": result.restarts.count,
      "restartMeanMs": rounded(result.restartMean), "restartP90Ms": rounded(result.restartP90),
      "totals": [
        "added": totals.added, "done": totals.done, "dropped": totals.dropped, "stepsDone": totals.stepsDone,
        "stepsAdded": totals.stepsAdded, "resumed": totals.resumed, "energySets": totals.energySets,
        "deferrals": totals.deferrals, "plainQueries": figures.plainQueries, "errors": totals.errors,
        "captureMismatches": totals.captureMismatches, "energyDisagreements": totals.energyDisagreements,
        "deferralsStoredWithAnotherEnergy": totals.deferralEnergy,
        "plainAllDisagreements": totals.plainAllDisagreements,
      ] as [String: Any],
      "backlog": result.backlog.map { ["day": $0.day, "open": $0.open] },
      "starvation": [
        "eligibleTasks": figures.starvation.runs.count, "medianDays": rounded(figures.starvation.median),
        "p90Days": rounded(figures.starvation.p90), "maxDays": rounded(figures.starvation.max),
        "tenDaysOrMore": figures.starvation.tenDays, "neverShown": figures.starvation.neverShown,
        "longest": result.starvers,
      ] as [String: Any],
      "dueRecall": [
        "within3h": share(figures.due.within3h), "within24h": share(figures.due.within24h),
        "within24hUncrowded": share(figures.due.within24hUncrowded), "missesWithin3h": figures.due.misses,
      ],
      "stuck": [
        "tasks": result.stuckRows, "answersWithSmaller": figures.stuck.answersWithSmaller,
        "smallerWithOpenSteps": figures.stuck.smallerWithSteps,
        "daysWithStuckEligible": figures.stuck.daysWithStuck,
        "daysWithoutStuckOffered": figures.stuck.daysWithoutSmaller,
        "rotaFates": figures.stuck.rotaFates,
        "hiddenStuckBackFromNoEnergy": [
          "questions": figures.stuck.stuckBackFromNoEnergy, "tasks": figures.stuck.stuckBackFromNoEnergyTasks.sorted(),
        ] as [String: Any],
        "pressingHiddenAsStuck": [
          "questions": figures.stuck.pressingHidden, "tasks": figures.stuck.pressingHiddenTasks.sorted(),
          "examples": figures.stuck.pressingExamples,
        ] as [String: Any],
      ] as [String: Any],
      "fit": [
        "energy": share(figures.fit.energy), "energyFirst": share(figures.fit.energyFirst),
        "time": share(figures.fit.time),
        "timeWithoutEstimate": figures.fit.timeWithoutEstimate,
        "energyByLevel": Dictionary(
          uniqueKeysWithValues: figures.fit.energyByLevel.map { ($0.key.rawValue, share($0.value)) }),
      ] as [String: Any],
      "claims": claims(result.claims),
      "stability": share(figures.stability), "unstablePairs": result.unstable,
    ]
  }

  /// The day scenario's figures, for `--json`.
  static func day(_ day: DayFigures) -> [String: Any] {
    [
      "calendarGiven": day.calendarGiven, "timeFits": share(day.timeFits), "questionsWithMeetingNear": day.constrained,
      "fittedToFreeMinutes": share(day.fittedRight), "energySuitsBefore30Finishes": share(day.energyEarly),
      "energySuitsLastTwoWeeks": share(day.energyLate),
      "energySuitsCeilingBefore30Finishes": share(day.ceilingEarly),
      "energySuitsCeilingLastTwoWeeks": share(day.ceilingLate), "energySuits": share(day.energyAll),
      "energySuitsLastTwoWeeksByLevel": Dictionary(
        uniqueKeysWithValues: day.energyLateByLevel.map { ($0.key.rawValue, share($0.value)) }),
      "learnedSaidBefore30Finishes": share(day.learnedEarly), "learnedSaidLastTwoWeeks": share(day.learnedSaidLate),
      "learnedRight": share(day.learnedRight),
      "trueAndLearnedLastTwoWeeks": day.learnedLate,
      "firstLearned": day.firstLearned.map { Timestamp(secondsSince1970: Double($0)).rfc3339 } ?? NSNull(),
      "timeMisfits": day.misfits,
    ]
  }

  static func claims(_ claims: ClaimTally) -> [String: Any] {
    [
      "checked": claims.checked, "false": claims.falseCount, "falseCases": claims.falseCases,
      "unknown": claims.unknown.values.reduce(0, +), "unknownPhrases": claims.unknown,
      "byKind": Dictionary(
        uniqueKeysWithValues: claims.byKind.map { ($0.key, ["checked": $0.value.checked, "false": $0.value.false]) }),
      "falseExamples": claims.examples(20).map {
        [
          "at": Timestamp(secondsSince1970: Double($0.when)).rfc3339, "task": $0.task, "title": $0.title,
          "phrase": $0.phrase, "why": $0.reason, "kind": $0.kind,
        ]
      },
    ]
  }

  static func text(_ results: [RunResult], _ options: Options) throws -> String {
    let object: [String: Any] = [
      "runs": results.map { result in
        var object = run(result, options)
        if let figures = result.day { object["day"] = day(figures) }
        return object
      }
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
