import Foundation

/// The cause of a file error in words a person can act on ("permission denied", "no space left on
/// device"), without Foundation's error dumps.
enum FileProblem {
    static func describe(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            let text = String(cString: strerror(Int32(error.code)))
            return text.prefix(1).lowercased() + text.dropFirst()   // "No such file…" reads mid-sentence
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { return describe(underlying) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on device"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        case .fileWriteFileExists: return "a file is in the way"
        case .fileReadCorruptFile, .propertyListReadCorrupt: return "it is not a valid property list"
        default: break
        }
        if let reason = error.userInfo[NSLocalizedFailureReasonErrorKey] as? String { return reason }
        if let description = error.userInfo[NSLocalizedDescriptionKey] as? String { return description }
        return "error \(error.code) (\(error.domain))"
    }
}
