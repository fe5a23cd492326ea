import Foundation
import StrideBase

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One GET of a subscribed calendar, read through a delegate rather than a completion handler: so a calendar too
/// large is cut off as soon as that is known (from its Content-Length, else from the bytes received), an error's
/// body is not read at all, and each redirect is checked before it is followed.
final class SubscriptionDownload: NSObject, URLSessionDataDelegate, Sendable {
  /// Why Stride stopped the transfer before its end.
  enum Stop: Equatable {
    /// The calendar has at least this many bytes, more than the limit.
    case tooLarge(Int)
    /// The server sent Stride on to an address `CalendarFetcher.mayFollow` refuses.
    case redirect(URL)
    /// The server asked for a password (HTTP 401 with a challenge).
    case password
    /// The server answered with this status, neither a calendar nor "unchanged".
    case status(Int)
  }

  /// What came back: the last answer's head, its body, and why Stride stopped it, when it did.
  struct Outcome {
    var response: HTTPURLResponse?
    var body = Data()
    var stop: Stop?
    var error: Error?
  }

  private let limit: Int
  private let outcome = Locked(Outcome())
  private let done = DispatchSemaphore(value: 0)

  init(limit: Int) {
    self.limit = limit
  }

  /// Sends `request` and waits until its answer is whole, failed, or stopped. The session is one of its own, ended
  /// here, so nothing (cookies, a cache, the delegate) outlives the call.
  func run(_ request: URLRequest, timeout: Double) -> Outcome {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout * 4
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    session.dataTask(with: request).resume()
    done.wait()
    session.finishTasksAndInvalidate()
    return outcome.withLock { $0 }
  }

  /// Notes a reason of Stride's own to stop the transfer: the reason is what the caller hears, not the cancellation.
  /// It is noted before the task is told, so the task cannot end before the caller can know why.
  private func note(_ reason: Stop) {
    outcome.withLock { if $0.stop == nil { $0.stop = reason } }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    outcome.withLock {
      $0.response = http
      $0.body = Data()
    }
    let status = http?.statusCode ?? 0
    let stop: Stop? =
      if !(200..<300).contains(status), status != 304 {
        .status(status)
      } else if response.expectedContentLength > limit {
        .tooLarge(Int(response.expectedContentLength))
      } else {
        nil
      }
    guard let stop else { return completionHandler(.allow) }
    note(stop)
    completionHandler(.cancel)
    dataTask.cancel()
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let size = outcome.withLock { outcome -> Int in
      outcome.body.append(data)
      return outcome.body.count
    }
    if size > limit {
      note(.tooLarge(size))
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    guard let from = response.url ?? task.currentRequest?.url, let to = request.url else {
      return completionHandler(request)
    }
    if CalendarFetcher.mayFollow(from: from, to: to) { return completionHandler(request) }
    note(.redirect(to))
    completionHandler(nil)
    task.cancel()
  }

  /// A subscription is read without a password, so a challenge (HTTP 401) is refused at once. (Without this, URLSession
  /// on Linux waits forever on a challenge.)
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    note(.password)
    completionHandler(.cancelAuthenticationChallenge, nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    outcome.withLock { $0.error = error }
    done.signal()
  }
}
