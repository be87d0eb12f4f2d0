import Testing
@testable import ModelCompiler

@Suite struct EntityHierarchyRuleTests {
    @Test func compositesThatContainEachOther() {
        assertFindings(
            #"""
            <composite name="X">
                <attribute name="x" optional="YES" attributeType="String"/>
                <attribute name="y" optional="YES" attributeType="Composite" composite="Y"/>
            </composite>
            <composite name="Y">
                <attribute name="z" optional="YES" attributeType="Composite" 1️⃣composite="X"/>
            </composite>
            """#,
            [
                FindingSpec(
                    "1️⃣", .compositeCycle,
                    message: "composite 'X' contains itself: X -> Y -> X")
            ])
    }

    @Test func aCompositeThatContainsItself() {
        assertFindings(
            #"""
            <composite name="Z">
                <attribute name="z" optional="YES" attributeType="Composite" 1️⃣composite="Z"/>
            </composite>
            """#,
            [
                FindingSpec(
                    "1️⃣", .compositeCycle,
                    message: "composite 'Z' contains itself: Z -> Z")
            ])
    }

    @Test func duplicateEntity() {
        assertFindings(
            #"""
            <entity name="A"/>
            1️⃣<entity name="A"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .duplicateEntity,
                    message: "duplicate entity 'A' (first declared at line 3)")
            ])
    }

    @Test func parentEntityNotFound() {
        assertFindings(
            #"""
            <entity name="A" 1️⃣parentEntity="Missing"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .parentEntityNotFound,
                    message: "entity 'A' inherits from 'Missing', which is not in the model")
            ])
    }

    @Test func inheritanceCycle() {
        assertFindings(
            #"""
            <entity name="A" 1️⃣parentEntity="B"/>
            <entity name="B" parentEntity="A"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .inheritanceCycle,
                    message: "entity inheritance forms a cycle: A -> B -> A")
            ])
    }

    @Test func duplicateComposite() {
        assertFindings(
            #"""
            <composite name="Location">
                <attribute name="lat" optional="YES" attributeType="Double" usesScalarValueType="YES"/>
            </composite>
            1️⃣<composite name="Location"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .duplicateComposite,
                    message: "duplicate composite 'Location' (first declared at line 3)")
            ])
    }
}
