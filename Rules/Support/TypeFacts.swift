import ViewLintModel

// The type facts (`typeText(of:in:member:)`, `property(_:of:)`, `inherits(_:from:)`,
// `descendants(of:)`, `resolveTypeText(_:from:)` and `TypeText`) are part of the query layer now:
// Sources/ViewLintModel/Query/TypeQueries.swift. Same names, same answers.
