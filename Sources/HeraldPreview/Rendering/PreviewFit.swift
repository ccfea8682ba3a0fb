/// The cell size of a picture that fits in a box: the image's aspect kept, a cell taken as
/// twice as tall as wide (the usual terminal font), at least one cell each way.
///
/// ```swift
/// PreviewFit.cells(imageWidth: 200, imageHeight: 100, maxColumns: 40, maxRows: 20)  // (40, 10)
/// ```
public enum PreviewFit {
    /// How tall a cell is for its width.
    public static let cellAspect = 2.0

    public static func cells(imageWidth: Int, imageHeight: Int, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int) {
        guard imageWidth > 0, imageHeight > 0, maxColumns > 0, maxRows > 0 else { return (0, 0) }
        let rowsForWidth = Double(maxColumns) * Double(imageHeight) / Double(imageWidth) / cellAspect
        if rowsForWidth <= Double(maxRows) {
            return (maxColumns, max(1, Int(rowsForWidth.rounded())))
        }
        let columnsForHeight = Double(maxRows) * cellAspect * Double(imageWidth) / Double(imageHeight)
        return (max(1, min(maxColumns, Int(columnsForHeight.rounded()))), maxRows)
    }
}
