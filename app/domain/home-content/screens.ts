// The two home-content screens (/homeList for the website, /app-home for the
// app) and the legacy API's home endpoints share these descriptions: the
// channel, the screen's path, whether it has categories, and its operations.
import type { HomeChannel } from "~/generated/prisma/client";
import type { OperationId } from "~/domain/permissions/operations.server";

type HomeOperations = { read: OperationId; create: OperationId; update: OperationId; delete: OperationId };

export type HomeScreen = { channel: HomeChannel; path: string; categories: boolean; operations: HomeOperations };

const homeOperations = (key: "webHome" | "appHome"): HomeOperations => ({
  read: `content.${key}.read`,
  create: `content.${key}.create`,
  update: `content.${key}.update`,
  delete: `content.${key}.delete`,
});

export const WEB_SCREEN: HomeScreen = { channel: "WEB", path: "/homeList", categories: true, operations: homeOperations("webHome") };
export const APP_SCREEN: HomeScreen = { channel: "APP", path: "/app-home", categories: false, operations: homeOperations("appHome") };
