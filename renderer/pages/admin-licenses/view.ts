import { adminLicenseSortKeys, adminLicensesFilters, type AdminLicenseSortKey } from '../../../shared/api/licenses';
import { type ListView, listViewCodec } from '../../shell/view-state';

/** License Admin's search, filters, order and page, all in the address (sort and dir travel apart from the filters). */
export const licenseViewCodec = listViewCodec(adminLicensesFilters.omit({ sort: true, dir: true }), adminLicenseSortKeys);
export type LicenseView = ReturnType<typeof licenseViewCodec.read>;
export type LicenseFilters = LicenseView['filters'];
export type LicenseListView = ListView<LicenseFilters, AdminLicenseSortKey>;
