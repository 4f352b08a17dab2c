import multipart from '@fastify/multipart'
import { ErrorBody } from '@portal/contract/common'
import { ErpProblems } from '@portal/contract/erp'
import { ErpImportQuery, ErpImportReport } from '@portal/contract/erp-import'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import { badRequest } from '../../lib/errors'
import { readUpload, UPLOAD_LIMITS } from './import/upload'
import { runImport } from './import/run'
import { ErpProblemsError } from './problems'
import { apiCaller } from './runs'

/** POST /api/erp/import (docs/erp-interchange.md): inside the /api/erp scope (index.ts), which checks the ERP key. */
export const erpImportRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS })

  app.post(
    '/import',
    {
      schema: {
        summary: 'Imports ERP files (multipart/form-data, each part named by its path: products.csv, images/ABC-1.png): all or nothing',
        description:
          'Each part is a file of the interchange, named by its path in the export (the part name, or else its file name). ' +
          `At most ${UPLOAD_LIMITS.files} files, ${UPLOAD_LIMITS.fileSize / 1024 / 1024} MB each and ${UPLOAD_LIMITS.totalSize / 1024 / 1024} MB in all. ` +
          '200: the counts; 422: every problem, and nothing was written.',
        querystring: ErpImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ErpImportReport, 400: ErrorBody, 401: ErrorBody, 422: ErpProblems },
      },
    },
    async (req) => {
      if (!req.isMultipart())
        throw badRequest('not_multipart', 'Send the files as multipart/form-data, each part named by its path (products.csv, images/ABC-1.png).', 'body')
      const files = await readUpload(req.parts())
      const report = await runImport(deps, files, {
        mode: req.query.mode,
        dryRun: req.query.dryRun,
        ...(req.query.invite ? { invite: req.query.invite } : {}),
        who: apiCaller(req.ip),
      })
      if (!report.ok) throw new ErpProblemsError(report.problems, report.problemCount)
      return report
    },
  )
}
