import { redirect } from "next/navigation";
import { currentPrincipal } from "@/lib/server/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Home() {
  redirect((await currentPrincipal()) ? "/dashboard" : "/signin");
}
