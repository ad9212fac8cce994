import { RuleTester } from "eslint";
import { describe, it } from "vitest";

import noNestedForm from "./no-nested-form.mjs";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module", parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run("no-nested-form", noNestedForm, {
  valid: [
    "const a = <form><input name='q' /><button>Go</button></form>;",
    "const a = <div><form /><form /></div>;",
    // A control group that renders no form may sit inside one.
    "const a = <form><KeyUnlock finId={id} /><button type='submit'>Review</button></form>;",
    // A *Form component beside a form, not inside it.
    "const a = <><UnlockForm finId={id} /><form onSubmit={f}><button>Review</button></form></>;",
    "function Row() { return <form />; } const a = <section><Row /></section>;",
  ],
  invalid: [
    { code: "const a = <form><div><form /></div></form>;", errors: [{ messageId: "nestedForm" }] },
    {
      code: "const a = <form onSubmit={f}>{locked ? <UnlockForm finId={id} /> : null}<button>Review</button></form>;",
      errors: [{ messageId: "formComponent", data: { name: "UnlockForm" } }],
    },
    { code: "const a = <form>{items.map((i) => <Keys.ImportKeyForm key={i} />)}</form>;", errors: [{ messageId: "formComponent", data: { name: "Keys.ImportKeyForm" } }] },
  ],
});
