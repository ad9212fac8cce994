// GET /admin/ledger/template.csv – the ledger import's CSV template: the header and two example rows, served by this app
import { ledgerTemplateCsv } from "@/lib/client/ledger-file";
import { route } from "@/lib/server/http/route";

export const GET = route({ auth: "public" }, async () =>
  new Response(ledgerTemplateCsv(), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="ledger-import-template.csv"',
      "x-content-type-options": "nosniff",
      "cache-control": "no-cache",
    },
  }),
);
