import Foundation
import StrideBase

extension StrideConfig {
  /// The keys of config.json that are no setting, at any depth, each in a sentence that names it and the nearest
  /// setting: one rule for every level, so a misspelled group (`remindrs`) is told as a misspelled key
  /// (`time.daystart`) is. Such a key is ignored; the daemon logs these and `stride daemon status` says them.
  static func unknownKeys(in data: Data) -> [String] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
    let known = Set(keys.map(\.path))
    var groups: Set<String> = []
    for path in known {
      var parts = path.split(separator: ".").dropLast()
      while !parts.isEmpty {
        groups.insert(parts.joined(separator: "."))
        parts = parts.dropLast()
      }
    }
    var sentences: [String] = []
    func walk(_ object: [String: Any], under prefix: String) {
      for key in object.keys.sorted() {
        let path = prefix.isEmpty ? key : prefix + "." + key
        if known.contains(path) { continue }
        if groups.contains(path) {
          if let inner = object[key] as? [String: Any] { walk(inner, under: path) }
          continue
        }
        sentences.append(unknownKeySentence(path, known: known.union(groups)))
      }
    }
    walk(root, under: "")
    return sentences
  }

  /// "Your settings file has no setting 'remindrs', so it is ignored; did you mean 'reminders'?"
  private static func unknownKeySentence(_ path: String, known: Set<String>) -> String {
    let sentence = "Your settings file has no setting '\(path)', so it is ignored"
    let nearest = known.map { (editDistance($0.lowercased(), path.lowercased()), $0) }.min { $0 < $1 }
    guard let (distance, name) = nearest, distance <= max(2, path.count / 3) else {
      return sentence + "; stride-config(5) lists every setting."
    }
    return sentence + "; did you mean '\(name)'?"
  }
}
