// ESLint rule: no form inside a form. HTML forbids it, and a browser submits the inner form's fields
// with the outer one: an unlock form nested in the trade ticket's form once sent the passphrase to the
// server in a page URL. Within a file's JSX this reports a <form> with a <form> around it, and a
// component named *Form (the naming convention of components that render their own <form>) placed
// inside a <form>. What one file cannot see, the journeys catch: e2e/axe.ts fails on `form form`.

/** The element's name as written: `form`, `UnlockForm`, `Keys.UnlockForm`. */
function nameOf(name) {
  if (name.type === "JSXIdentifier") return name.name;
  if (name.type === "JSXMemberExpression") return `${nameOf(name.object)}.${name.property.name}`;
  if (name.type === "JSXNamespacedName") return `${name.namespace.name}:${name.name.name}`;
  return "";
}

const isFormElement = (name) => name === "form";
const isFormComponent = (name) => /(^|\.)[A-Z]\w*Form$/.test(name);

/** @type {import("eslint").Rule.RuleModule} */
const noNestedForm = {
  meta: {
    type: "problem",
    docs: { description: "Disallow a <form>, or a component that renders one (*Form), inside a <form>." },
    schema: [],
    messages: {
      nestedForm: "A <form> inside a <form>: browsers submit the outer form's fields with the wrong one. Use one form, or a control group such as components/keys/key-unlock.tsx.",
      formComponent:
        "<{{name}}> renders a <form> of its own (the *Form convention), inside a <form>. Move it outside, or use a component that renders no form (such as KeyUnlock).",
    },
  },
  create(context) {
    return {
      JSXOpeningElement(node) {
        const name = nameOf(node.name);
        const element = isFormElement(name);
        if (!element && !isFormComponent(name)) return;
        for (let ancestor = node.parent?.parent; ancestor; ancestor = ancestor.parent) {
          if (ancestor.type === "JSXElement" && isFormElement(nameOf(ancestor.openingElement.name))) {
            context.report({ node, messageId: element ? "nestedForm" : "formComponent", data: { name } });
            return;
          }
        }
      },
    };
  },
};

export default noNestedForm;
