/// Derivation expressions and fetch predicates parse: the compiled model archives them as objects, and a
/// derived attribute's version hash is its expression's canonical text.
struct ExpressionRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entity in context.model.entities {
            for attribute in entity.attributes where attribute.isDerived {
                guard let expression = attribute.derivationExpression, !expression.text.isEmpty else {
                    diagnostics.append(
                        .error(
                            .missingRequiredAttribute,
                            "derived attribute '\(entity.name).\(attribute.name)' has no derivationExpression",
                            at: attribute.location))
                    continue
                }
                if let failure = expression.failure {
                    diagnostics.append(
                        .error(
                            .invalidExpression,
                            "derivation expression '\(Self.excerpt(expression.text))' of '\(entity.name).\(attribute.name)' does not parse: \(failure)",
                            at: attribute.span[setting: "derivationExpression"]))
                }
            }
            for fetched in entity.fetchedProperties {
                if let request = fetched.fetchRequest {
                    diagnostics += check(request, "fetched property '\(entity.name).\(fetched.name)'")
                }
            }
        }
        for request in context.model.fetchRequests {
            diagnostics += check(request, "fetch request '\(request.name)'")
        }
        return diagnostics
    }

    private func check(_ request: FetchRequest, _ owner: String) -> [Diagnostic] {
        guard let predicate = request.predicate, let failure = predicate.failure else { return [] }
        return [
            .error(
                .invalidExpression,
                "predicate '\(Self.excerpt(predicate.text))' of \(owner) does not parse: \(failure)",
                at: request.span[setting: "predicateString"])
        ]
    }

    /// Long text is shortened in a message: the failure's position says where to look.
    static func excerpt(_ text: String, limit: Int = 80) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let invalidExpression: DiagnosticCode = "invalid-expression"
}
