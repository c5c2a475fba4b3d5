// The query layer: the questions rules ask of the model, answered in one place, so that the
// model's representation (today classes holding strings; later interned ids in flat arrays, see
// issue 15) can change underneath without touching a rule. A rule asks; it does not walk the
// model's arrays or compare spellings where a query answers.
//
// Where each question lives:
//   TypeQueries.swift        the declared type of a name (`typeText(of:in:member:)`), a type's
//                            property (`property(_:of:)`), inheritance (`inherits`, `descendants`),
//                            reading annotations (`TypeText`: base name, element type)
//                            the simple names construction and placement indexes are keyed by
//                            (`constructibleTypeNames` and its `constructibleNameFilter`,
//                            `mayResolve`, `constructedName`)
//   PropertyQueries.swift    a declaration's stored inputs (`unwrappedStoredProperties`, `isStoredInput`),
//                            wrapped properties (`propertyWrapperIndex`) and stored closures;
//                            project wrappers that store a wrapper; "is this name read by any
//                            member of this type, in any file" (`isRead`), "is it used at all"
//                            (`isUsed`), "is it read through a value of this type anywhere"
//                            (`isReadThroughValues`), protocol requirements; initializer writes,
//                            assignments, values fixed by the declaration;
//                            `@Environment(Model.self)` of an `@Observable` class
//   ReadQueries.swift        the read sets behind those answers (`namesRead(in:)`), custom `==`
//   ExpressionQueries.swift  one expression (`ExprShape`): fresh values (`UUID()`, `Date()`),
//                            element-preserving wrappers, range bounds, names; an expression in its
//                            member (`ExpressionScope`): constness through `let`s, computed
//                            properties and static members, element types of collections, indices
//                            of a changing collection, factories that build fresh-id elements
//   ResultTypeQueries.swift  the type declarations spell for a call's or a read's value
//                            (`declaredResultTypeText(of:)`: a function's result, a property's
//                            type, a stored closure's result), by receiver type or, where that is
//                            unknown, by every declaration of the name (`declaredResult(named:)`)
//   ViewQueries.swift        the views of a file, every site that constructs a type and the
//                            arguments it passes (and whether they are always constant), the
//                            labels alone (`constructionLabels`, `constructionCount`), identity
//                            of elements (fresh default ids, id-like properties), collection views
//                            and their data, the blocks of view builders (`builderBlocks`) and
//                            their `if`/`switch`, the blocks SwiftUI runs with the view around
//                            a range (`builderRanges(holding:)`), `#if` branches
//   PublisherQueries.swift   where a class's `objectWillChange` and `$name` publishers are used,
//                            receivers resolved by type
//
// Answers that cost a pass over the project are facts (`ProjectModel.fact`), computed once per
// run on first use and shared by every file's check. Answers about one file that several rules
// ask are per-file facts (`RuleContext.fact`, ViewLintCore), freed once the file's rules ran. Queries are total and bounded: no
// unbounded recursion, linear in the model.
