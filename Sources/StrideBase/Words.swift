/// "1 day", "3 days".
public func plural(_ count: Int, _ noun: String) -> String {
  count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}

/// "never", "once", "twice", "3 times".
public func times(_ count: Int) -> String {
  switch count {
  case 0: "never"
  case 1: "once"
  case 2: "twice"
  default: "\(count) times"
  }
}
