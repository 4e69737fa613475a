/// What one ``BarcodeReader/search(_:toOriginal:)`` found and how far its retry ladder went.
public struct BarcodeSearch: Sendable, Equatable {
    /// Distinct codes, best first, as ``BarcodeReader/read(_:toOriginal:)`` returns them.
    public var barcodes: [Barcode]
    /// Weighted megapixels ZBar swept (``LadderStep/workWeight`` x each image variant's pixels, confirmation scans
    /// turned 180 degrees included); 0 when the bar-presence gate ended the search before any ladder step.
    public var work: Double
    /// `true` when the ladder stopped because ``BarcodeReadOptions/workBudget`` was spent (or, on a much slower
    /// machine, ``BarcodeReadOptions/cpuTimeCap``) with steps left, so "no barcode" may mean "gave up"; `false` when
    /// it ran out of steps, found an accepted GTIN, or saw nothing that looks like bars: no region passes the
    /// bar-presence test with `BarPatternCheck` (at any size), or a big photo went to the ladder only on
    /// `SymbolProbe`'s hit.
    public var stoppedByBudget: Bool
    /// What was checked against the image for each EAN/UPC candidate the acceptance rules kept (sorted by text):
    /// verified ones are in `barcodes`, the others are not reported. Empty with
    /// ``BarcodeReadOptions/verifyAgainstImage`` off.
    public var verifications: [BarcodeVerification]

    /// No code, no ladder step run: an input too small to hold a code, or one the bar-presence gate turned away.
    public static let nothingSwept = BarcodeSearch(barcodes: [], work: 0, stoppedByBudget: false)

    /// `barcodes` best first, `work` in weighted megapixels (>= 0), `stoppedByBudget`, `verifications` (empty unless
    /// the image checks ran), as the properties.
    public init(barcodes: [Barcode], work: Double, stoppedByBudget: Bool, verifications: [BarcodeVerification] = []) {
        self.barcodes = barcodes; self.work = work; self.stoppedByBudget = stoppedByBudget
        self.verifications = verifications
    }
}
