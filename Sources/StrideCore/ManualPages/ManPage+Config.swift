import Foundation
import StrideManual

/// stride-config(5): config.json, every key from `StrideConfig.keys`.
extension ManPage {
  static func writeConfig(_ roff: inout Roff) {
    roff.section("NAME")
    roff.text(set: "stride\\-config \\- the settings of Stride, in config.json")
    roff.section("SYNOPSIS")
    roff.paragraph(set: Roff.bold("$XDG_CONFIG_HOME/stride/config.json"))
    roff.lineBreak()
    roff.text(set: Roff.bold("~/.config/stride/config.json") + " (when XDG_CONFIG_HOME is not set)")
    roff.section("DESCRIPTION")
    configDescription.forEach { roff.paragraph($0) }
    roff.section("KEYS")
    var group = ""
    for key in StrideConfig.keys {
      let keyGroup = key.path.split(separator: ".").dropLast().joined(separator: ".")
      if keyGroup != group {
        group = keyGroup
        roff.subsection(group)
        configGroupNotes[group].map { roff.paragraph($0) }
      }
      roff.item(Roff.bold(key.path), [key.meaning.asSentence, valueSentence(key)])
    }
    roff.section("FILES")
    write(files.filter { $0.name.hasSuffix("config.json") }, into: &roff)
    roff.section("ENVIRONMENT")
    write(
      [("XDG_CONFIG_HOME", "The directory whose stride/config.json is read, when it is an absolute path.")], into: &roff
    )
    write(directoryVariables.filter { $0.name == "HOME" }, into: &roff)
    roff.section("EXAMPLES")
    roff.paragraph(
      "Start the day at 07:30, let a set energy count for four hours, weigh due times and energy a little more, and "
        + "break captures into steps with a program of your own:")
    roff.display(configExample.split(separator: "\n").map(String.init))
  }

  /// "A number from 1 to 5; 1.5 unless set."
  static func valueSentence(_ key: ConfigKey) -> String {
    let bounds = key.bounds.map { " from \(ConfigKey.words($0.lowerBound)) to \(ConfigKey.words($0.upperBound))" }
    return (key.kind.rawValue + (bounds ?? "") + "; " + key.defaultValue + " unless set").asSentence
  }

  static let configDescription = [
    """
    Stride's settings are one JSON object in config.json. Every key is optional, and without the file every
    setting has its default. Keys sit in groups: the key this page calls engine.weights.deadline is written
    {"engine": {"weights": {"deadline": 14}}} in the file.
    """,
    """
    The daemon, strided(8), reads the file when it starts: after a change, run stride daemon stop, and the next
    stride command starts it again with the new settings. The times on stride's command line are read by the
    daemon too, in the zone of the shell that typed them, so time.dayStart holds for them as for captures.
    """,
    """
    A file that is not valid JSON, or a value of the wrong type or outside its bounds, stops the daemon from
    starting, with a message that names the file; stride says the daemon did not start and repeats that
    message (exit status 69). A key Stride does not know, at any level (a group such as "remindrs" or a key such as
    "time.daystart"), is ignored, and said: the daemon's log and stride daemon status name it and the nearest
    setting, so a misspelling does not leave a setting off without a word.
    """,
  ]

  /// What a group's keys have in common, said once before them.
  static let configGroupNotes = [
    "capture": "How a captured thought becomes a task (stride add).",
    "context": "What Stride knows about you at the moment.",
    "time": "How times are read.",
    "engine": "How stride now chooses and orders tasks; stride why ID shows a task's whole score.",
    "engine.weights": """
    A task's score is the sum of its terms, each a value from 0 to 1 times its weight; these are the weights. \
    A weight of 0 turns a term off.
    """,
  ]

  /// A config.json that sets a key of each kind (`ManPageTests` loads it, so it stays valid).
  static let configExample = """
    {
      "time": { "dayStart": "07:30" },
      "context": { "energyLapseHours": 4 },
      "engine": {
        "planningFallacy": 1.5,
        "weights": { "deadline": 14, "energyFit": 6 }
      },
      "capture": {
        "breakdownCommand": ["/usr/local/bin/my-steps", "--short"],
        "breakdownTimeoutSeconds": 3
      }
    }
    """
}
