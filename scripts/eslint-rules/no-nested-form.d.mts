import type { Rule } from "eslint";

declare const noNestedForm: Rule.RuleModule;
export default noNestedForm;
