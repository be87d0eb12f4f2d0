/// Derivation expressions and fetch predicates parse: the compiled model archives them as objects, and a
/// derived attribute's version hash is its expression's canonical text.
struct ExpressionRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entity in context.model.entities {
            for attribute in entity.attributes where attribute.isDerived {
                guard let text = attribute.derivationExpression, !text.isEmpty else {
                    diagnostics.append(.error(.missingRequiredAttribute,
                        "derived attribute '\(entity.name).\(attribute.name)' has no derivationExpression", at: attribute.location))
                    continue
                }
                if case .failure(let failure) = ExpressionParser.parse(text) {
                    diagnostics.append(.error(.invalidExpression,
                        "derivation expression '\(text)' of '\(entity.name).\(attribute.name)' does not parse: \(failure)",
                        at: attribute.span[setting: "derivationExpression"]))
                }
            }
            for fetched in entity.fetchedProperties {
                if let request = fetched.fetchRequest { diagnostics += check(request, "fetched property '\(entity.name).\(fetched.name)'") }
            }
        }
        for request in context.model.fetchRequests {
            diagnostics += check(request, "fetch request '\(request.name)'")
        }
        return diagnostics
    }

    private func check(_ request: FetchRequest, _ owner: String) -> [Diagnostic] {
        guard let text = request.predicate, case .failure(let failure) = PredicateParser.parse(text) else { return [] }
        return [.error(.invalidExpression, "predicate '\(text)' of \(owner) does not parse: \(failure)",
                       at: request.span[setting: "predicateString"])]
    }
}
