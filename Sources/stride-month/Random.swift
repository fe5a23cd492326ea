import Foundation

/// SplitMix64: a small, fast, seeded generator. Every decision of the simulation comes from one of these, never from
/// the wall clock, so a seed gives the same month.
struct Random {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A generator of its own for one part of one day (`stream`), so the day's plan does not depend on how many
  /// choices the daemon's answers led to before it.
  init(seed: UInt64, stream: UInt64) {
    var mixer = Random(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ stream)
    state = mixer.next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

  /// An index chosen with the given weights (not necessarily summing to 1).
  mutating func weighted(_ weights: [Double]) -> Int {
    var rest = unit() * weights.reduce(0, +)
    for (index, weight) in weights.enumerated() {
      rest -= weight
      if rest < 0 { return index }
    }
    return weights.count - 1
  }

  /// A Poisson count with the given mean (Knuth's method; the means here are small).
  mutating func poisson(_ mean: Double) -> Int {
    let limit = exp(-mean)
    var product = unit()
    var count = 0
    while product > limit {
      count += 1
      product *= unit()
    }
    return count
  }

  /// The items in a random order.
  mutating func shuffled<T>(_ items: [T]) -> [T] {
    var items = items
    for index in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(index, int(0...index))
    }
    return items
  }
}
