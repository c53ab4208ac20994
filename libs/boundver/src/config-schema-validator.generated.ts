// @ts-nocheck
// Generated from boundary.config.schema.json by configValidatorSource (config-schema-codegen.ts).
// Do not edit: run `UPDATE_GOLDENS=1 npx vitest run libs/boundver/src/config-schema-codegen.spec.ts`.
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);

export const validate = validate20;
export default validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://driftgate.dev/schemas/boundary.config.schema.json","title":"boundver boundary configuration (semantic contract boundver-semantic-config/v2)","description":"Components of a git repository, how their declared boundary is selected, and named slices of them. Paths are repository- or component-relative POSIX paths.","type":"object","additionalProperties":false,"required":["project","components"],"properties":{"$schema":{"type":"string","description":"Editor hint only; not part of the config digest."},"project":{"type":"string","minLength":1},"providers":{"type":"array","maxItems":100,"description":"Custom boundary providers (ES modules). Loading them needs an explicit opt-in.","items":{"type":"object","additionalProperties":false,"required":["module","class"],"properties":{"module":{"type":"string","minLength":1},"class":{"type":"string","minLength":1},"name":{"type":"string","pattern":"^custom\\..*\\S$"}}}},"defaults":{"type":"object","additionalProperties":false,"properties":{"compat_mode":{"enum":["major","semver_major","semver_major_minor"]},"verify_facets":{"$ref":"#/$defs/facetList"}}},"components":{"type":"object","minProperties":1,"maxProperties":10000,"propertyNames":{"$ref":"#/$defs/componentName"},"additionalProperties":{"$ref":"#/$defs/component"}},"slices":{"type":"object","propertyNames":{"type":"string","minLength":1},"additionalProperties":{"$ref":"#/$defs/slice"}}},"$defs":{"facet":{"enum":["exact","behavior","boundary","compat"]},"facetList":{"type":"array","minItems":1,"uniqueItems":true,"items":{"$ref":"#/$defs/facet"}},"relativePath":{"type":"string","minLength":1,"description":"Relative POSIX path: no surrounding whitespace, no control characters, no backslash, not absolute, no empty, '.' or '..' segment; one trailing '/' allowed.","pattern":"^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"},"pathList":{"type":"array","maxItems":50000,"items":{"$ref":"#/$defs/relativePath"}},"componentName":{"type":"string","minLength":1,"maxLength":16384,"description":"No comma (CLI lists are comma-separated) and no surrounding whitespace.","pattern":"^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"},"externalLabel":{"type":"string","minLength":1,"maxLength":16384},"gitTagPrefix":{"type":"string","minLength":1,"maxLength":4096,"description":"Literal prefix of refs/tags/<prefix><version>; must form a valid git ref once the version is appended.","pattern":"^(?!/)(?!\\.)(?!.*//)(?!.*/\\.)(?!.*\\.\\.)(?!.*@\\{)(?!.*[\\u0000-\\u0020\\u007f~^:?*\\[\\\\])(?!(?:[^/]*/)*[^/]*\\.lock/).+$"},"versionSource":{"oneOf":[{"type":"null"},{"type":"object","additionalProperties":false,"required":["file","field"],"properties":{"file":{"$ref":"#/$defs/relativePath"},"field":{"type":"string","minLength":1}}},{"type":"object","additionalProperties":false,"required":["git_tag_prefix"],"properties":{"git_tag_prefix":{"$ref":"#/$defs/gitTagPrefix"}}}]},"component":{"type":"object","additionalProperties":false,"required":["path","boundary"],"properties":{"path":{"$ref":"#/$defs/relativePath"},"ecosystem":{"type":"string","description":"Presentation only."},"note":{"type":"string","description":"Presentation only."},"version_source":{"$ref":"#/$defs/versionSource"},"boundary":{"type":"object","additionalProperties":false,"required":["provider"],"properties":{"provider":{"type":"string","minLength":1},"paths":{"$ref":"#/$defs/pathList"},"options":{"type":"object","description":"Passed to the provider untouched."},"note":{"type":"string","description":"Presentation only."}}},"behavior":{"type":"object","additionalProperties":false,"properties":{"paths":{"$ref":"#/$defs/pathList"}}},"vendored_copies":{"type":"array","items":{"$ref":"#/$defs/relativePath"}},"consumers":{"type":"array","maxItems":10000,"uniqueItems":true,"items":{"$ref":"#/$defs/componentName"}},"external_consumers":{"type":"array","maxItems":10000,"uniqueItems":true,"items":{"$ref":"#/$defs/externalLabel"}},"verify_facets":{"$ref":"#/$defs/facetList"}}},"slice":{"type":"object","additionalProperties":false,"properties":{"description":{"type":"string"},"mode":{"$ref":"#/$defs/facet"},"components":{"type":"array","minItems":1,"maxItems":10000,"uniqueItems":true,"items":{"$ref":"#/$defs/componentName"}},"closure_of":{"$ref":"#/$defs/componentName"}},"oneOf":[{"required":["components"]},{"required":["closure_of"]}]}}};
const schema34 = {"type":"string","minLength":1,"maxLength":16384,"description":"No comma (CLI lists are comma-separated) and no surrounding whitespace.","pattern":"^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"};
const func1 = require("ajv/dist/runtime/ucs2length").default;
const pattern4 = new RegExp("^custom\\..*\\S$", "u");
const pattern5 = new RegExp("^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$", "u");
const schema32 = {"type":"array","minItems":1,"uniqueItems":true,"items":{"$ref":"#/$defs/facet"}};
const schema33 = {"enum":["exact","behavior","boundary","compat"]};
const func0 = require("ajv/dist/runtime/equal").default;

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
if(data.length < 1){
const err0 = {instancePath,schemaPath:"#/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(!((((data0 === "exact") || (data0 === "behavior")) || (data0 === "boundary")) || (data0 === "compat"))){
const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/facet/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
let i1 = data.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data[i1], data[j0])){
const err2 = {instancePath,schemaPath:"#/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

const schema35 = {"type":"object","additionalProperties":false,"required":["path","boundary"],"properties":{"path":{"$ref":"#/$defs/relativePath"},"ecosystem":{"type":"string","description":"Presentation only."},"note":{"type":"string","description":"Presentation only."},"version_source":{"$ref":"#/$defs/versionSource"},"boundary":{"type":"object","additionalProperties":false,"required":["provider"],"properties":{"provider":{"type":"string","minLength":1},"paths":{"$ref":"#/$defs/pathList"},"options":{"type":"object","description":"Passed to the provider untouched."},"note":{"type":"string","description":"Presentation only."}}},"behavior":{"type":"object","additionalProperties":false,"properties":{"paths":{"$ref":"#/$defs/pathList"}}},"vendored_copies":{"type":"array","items":{"$ref":"#/$defs/relativePath"}},"consumers":{"type":"array","maxItems":10000,"uniqueItems":true,"items":{"$ref":"#/$defs/componentName"}},"external_consumers":{"type":"array","maxItems":10000,"uniqueItems":true,"items":{"$ref":"#/$defs/externalLabel"}},"verify_facets":{"$ref":"#/$defs/facetList"}}};
const schema36 = {"type":"string","minLength":1,"description":"Relative POSIX path: no surrounding whitespace, no control characters, no backslash, not absolute, no empty, '.' or '..' segment; one trailing '/' allowed.","pattern":"^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"};
const schema44 = {"type":"string","minLength":1,"maxLength":16384};
const func7 = Object.prototype.hasOwnProperty;
const pattern6 = new RegExp("^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$", "u");
const schema37 = {"oneOf":[{"type":"null"},{"type":"object","additionalProperties":false,"required":["file","field"],"properties":{"file":{"$ref":"#/$defs/relativePath"},"field":{"type":"string","minLength":1}}},{"type":"object","additionalProperties":false,"required":["git_tag_prefix"],"properties":{"git_tag_prefix":{"$ref":"#/$defs/gitTagPrefix"}}}]};
const schema39 = {"type":"string","minLength":1,"maxLength":4096,"description":"Literal prefix of refs/tags/<prefix><version>; must form a valid git ref once the version is appended.","pattern":"^(?!/)(?!\\.)(?!.*//)(?!.*/\\.)(?!.*\\.\\.)(?!.*@\\{)(?!.*[\\u0000-\\u0020\\u007f~^:?*\\[\\\\])(?!(?:[^/]*/)*[^/]*\\.lock/).+$"};
const pattern8 = new RegExp("^(?!/)(?!\\.)(?!.*//)(?!.*/\\.)(?!.*\\.\\.)(?!.*@\\{)(?!.*[\\u0000-\\u0020\\u007f~^:?*\\[\\\\])(?!(?:[^/]*/)*[^/]*\\.lock/).+$", "u");

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(data !== null){
const err0 = {instancePath,schemaPath:"#/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
}
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.file === undefined){
const err1 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.field === undefined){
const err2 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "field"},message:"must have required property '"+"field"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "file") || (key0 === "field"))){
const err3 = {instancePath,schemaPath:"#/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.file !== undefined){
let data0 = data.file;
if(typeof data0 === "string"){
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/file",schemaPath:"#/$defs/relativePath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!pattern6.test(data0)){
const err5 = {instancePath:instancePath+"/file",schemaPath:"#/$defs/relativePath/pattern",keyword:"pattern",params:{pattern: "^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"},message:"must match pattern \""+"^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/file",schemaPath:"#/$defs/relativePath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.field !== undefined){
let data1 = data.field;
if(typeof data1 === "string"){
if(func1(data1) < 1){
const err7 = {instancePath:instancePath+"/field",schemaPath:"#/oneOf/1/properties/field/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/field",schemaPath:"#/oneOf/1/properties/field/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var _valid0 = _errs3 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
var props0 = true;
}
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.git_tag_prefix === undefined){
const err10 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "git_tag_prefix"},message:"must have required property '"+"git_tag_prefix"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key1 in data){
if(!(key1 === "git_tag_prefix")){
const err11 = {instancePath,schemaPath:"#/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.git_tag_prefix !== undefined){
let data2 = data.git_tag_prefix;
if(typeof data2 === "string"){
if(func1(data2) > 4096){
const err12 = {instancePath:instancePath+"/git_tag_prefix",schemaPath:"#/$defs/gitTagPrefix/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func1(data2) < 1){
const err13 = {instancePath:instancePath+"/git_tag_prefix",schemaPath:"#/$defs/gitTagPrefix/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern8.test(data2)){
const err14 = {instancePath:instancePath+"/git_tag_prefix",schemaPath:"#/$defs/gitTagPrefix/pattern",keyword:"pattern",params:{pattern: "^(?!/)(?!\\.)(?!.*//)(?!.*/\\.)(?!.*\\.\\.)(?!.*@\\{)(?!.*[\\u0000-\\u0020\\u007f~^:?*\\[\\\\])(?!(?:[^/]*/)*[^/]*\\.lock/).+$"},message:"must match pattern \""+"^(?!/)(?!\\.)(?!.*//)(?!.*/\\.)(?!.*\\.\\.)(?!.*@\\{)(?!.*[\\u0000-\\u0020\\u007f~^:?*\\[\\\\])(?!(?:[^/]*/)*[^/]*\\.lock/).+$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/git_tag_prefix",schemaPath:"#/$defs/gitTagPrefix/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs11 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid0 = true;
passing0 = 2;
if(props0 !== true){
props0 = true;
}
}
}
}
if(!valid0){
const err17 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate24.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate24.evaluated = {"dynamicProps":true,"dynamicItems":false};

const schema40 = {"type":"array","maxItems":50000,"items":{"$ref":"#/$defs/relativePath"}};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
if(data.length > 50000){
const err0 = {instancePath,schemaPath:"#/maxItems",keyword:"maxItems",params:{limit: 50000},message:"must NOT have more than 50000 items"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(typeof data0 === "string"){
if(func1(data0) < 1){
const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/relativePath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!pattern6.test(data0)){
const err2 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/relativePath/pattern",keyword:"pattern",params:{pattern: "^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"},message:"must match pattern \""+"^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/relativePath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};


function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.boundary === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "boundary"},message:"must have required property '"+"boundary"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema35.properties, key0))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) < 1){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relativePath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!pattern6.test(data0)){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relativePath/pattern",keyword:"pattern",params:{pattern: "^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"},message:"must match pattern \""+"^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relativePath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.ecosystem !== undefined){
if(typeof data.ecosystem !== "string"){
const err6 = {instancePath:instancePath+"/ecosystem",schemaPath:"#/properties/ecosystem/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.note !== undefined){
if(typeof data.note !== "string"){
const err7 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.version_source !== undefined){
if(!(validate24(data.version_source, {instancePath:instancePath+"/version_source",parentData:data,parentDataProperty:"version_source",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data.boundary !== undefined){
let data4 = data.boundary;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.provider === undefined){
const err8 = {instancePath:instancePath+"/boundary",schemaPath:"#/properties/boundary/required",keyword:"required",params:{missingProperty: "provider"},message:"must have required property '"+"provider"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key1 in data4){
if(!((((key1 === "provider") || (key1 === "paths")) || (key1 === "options")) || (key1 === "note"))){
const err9 = {instancePath:instancePath+"/boundary",schemaPath:"#/properties/boundary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data4.provider !== undefined){
let data5 = data4.provider;
if(typeof data5 === "string"){
if(func1(data5) < 1){
const err10 = {instancePath:instancePath+"/boundary/provider",schemaPath:"#/properties/boundary/properties/provider/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/boundary/provider",schemaPath:"#/properties/boundary/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data4.paths !== undefined){
if(!(validate26(data4.paths, {instancePath:instancePath+"/boundary/paths",parentData:data4,parentDataProperty:"paths",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
}
if(data4.options !== undefined){
let data7 = data4.options;
if(!(data7 && typeof data7 == "object" && !Array.isArray(data7))){
const err12 = {instancePath:instancePath+"/boundary/options",schemaPath:"#/properties/boundary/properties/options/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data4.note !== undefined){
if(typeof data4.note !== "string"){
const err13 = {instancePath:instancePath+"/boundary/note",schemaPath:"#/properties/boundary/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/boundary",schemaPath:"#/properties/boundary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.behavior !== undefined){
let data9 = data.behavior;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
for(const key2 in data9){
if(!(key2 === "paths")){
const err15 = {instancePath:instancePath+"/behavior",schemaPath:"#/properties/behavior/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data9.paths !== undefined){
if(!(validate26(data9.paths, {instancePath:instancePath+"/behavior/paths",parentData:data9,parentDataProperty:"paths",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
}
}
else {
const err16 = {instancePath:instancePath+"/behavior",schemaPath:"#/properties/behavior/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.vendored_copies !== undefined){
let data11 = data.vendored_copies;
if(Array.isArray(data11)){
const len0 = data11.length;
for(let i0=0; i0<len0; i0++){
let data12 = data11[i0];
if(typeof data12 === "string"){
if(func1(data12) < 1){
const err17 = {instancePath:instancePath+"/vendored_copies/" + i0,schemaPath:"#/$defs/relativePath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!pattern6.test(data12)){
const err18 = {instancePath:instancePath+"/vendored_copies/" + i0,schemaPath:"#/$defs/relativePath/pattern",keyword:"pattern",params:{pattern: "^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"},message:"must match pattern \""+"^(?!\\s)(?!.*\\s$)(?!/)(?![A-Za-z]:)(?!.*\\\\)(?!.*//)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\u0000-\\u001f\\u007f]+$"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/vendored_copies/" + i0,schemaPath:"#/$defs/relativePath/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/vendored_copies",schemaPath:"#/properties/vendored_copies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.consumers !== undefined){
let data13 = data.consumers;
if(Array.isArray(data13)){
if(data13.length > 10000){
const err21 = {instancePath:instancePath+"/consumers",schemaPath:"#/properties/consumers/maxItems",keyword:"maxItems",params:{limit: 10000},message:"must NOT have more than 10000 items"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const len1 = data13.length;
for(let i1=0; i1<len1; i1++){
let data14 = data13[i1];
if(typeof data14 === "string"){
if(func1(data14) > 16384){
const err22 = {instancePath:instancePath+"/consumers/" + i1,schemaPath:"#/$defs/componentName/maxLength",keyword:"maxLength",params:{limit: 16384},message:"must NOT have more than 16384 characters"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(func1(data14) < 1){
const err23 = {instancePath:instancePath+"/consumers/" + i1,schemaPath:"#/$defs/componentName/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!pattern5.test(data14)){
const err24 = {instancePath:instancePath+"/consumers/" + i1,schemaPath:"#/$defs/componentName/pattern",keyword:"pattern",params:{pattern: "^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"},message:"must match pattern \""+"^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"+"\""};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/consumers/" + i1,schemaPath:"#/$defs/componentName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
let i2 = data13.length;
let j0;
if(i2 > 1){
outer0:
for(;i2--;){
for(j0 = i2; j0--;){
if(func0(data13[i2], data13[j0])){
const err26 = {instancePath:instancePath+"/consumers",schemaPath:"#/properties/consumers/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err27 = {instancePath:instancePath+"/consumers",schemaPath:"#/properties/consumers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.external_consumers !== undefined){
let data15 = data.external_consumers;
if(Array.isArray(data15)){
if(data15.length > 10000){
const err28 = {instancePath:instancePath+"/external_consumers",schemaPath:"#/properties/external_consumers/maxItems",keyword:"maxItems",params:{limit: 10000},message:"must NOT have more than 10000 items"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const len2 = data15.length;
for(let i3=0; i3<len2; i3++){
let data16 = data15[i3];
if(typeof data16 === "string"){
if(func1(data16) > 16384){
const err29 = {instancePath:instancePath+"/external_consumers/" + i3,schemaPath:"#/$defs/externalLabel/maxLength",keyword:"maxLength",params:{limit: 16384},message:"must NOT have more than 16384 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(func1(data16) < 1){
const err30 = {instancePath:instancePath+"/external_consumers/" + i3,schemaPath:"#/$defs/externalLabel/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/external_consumers/" + i3,schemaPath:"#/$defs/externalLabel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
let i4 = data15.length;
let j1;
if(i4 > 1){
outer1:
for(;i4--;){
for(j1 = i4; j1--;){
if(func0(data15[i4], data15[j1])){
const err32 = {instancePath:instancePath+"/external_consumers",schemaPath:"#/properties/external_consumers/uniqueItems",keyword:"uniqueItems",params:{i: i4, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i4+" are identical)"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
break outer1;
}
}
}
}
}
else {
const err33 = {instancePath:instancePath+"/external_consumers",schemaPath:"#/properties/external_consumers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.verify_facets !== undefined){
if(!(validate21(data.verify_facets, {instancePath:instancePath+"/verify_facets",parentData:data,parentDataProperty:"verify_facets",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema45 = {"type":"object","additionalProperties":false,"properties":{"description":{"type":"string"},"mode":{"$ref":"#/$defs/facet"},"components":{"type":"array","minItems":1,"maxItems":10000,"uniqueItems":true,"items":{"$ref":"#/$defs/componentName"}},"closure_of":{"$ref":"#/$defs/componentName"}},"oneOf":[{"required":["components"]},{"required":["closure_of"]}]};

function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate31.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = false;
let passing0 = null;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.components === undefined){
const err0 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "components"},message:"must have required property '"+"components"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
}
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.closure_of === undefined){
const err1 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "closure_of"},message:"must have required property '"+"closure_of"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
}
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "description") || (key0 === "mode")) || (key0 === "components")) || (key0 === "closure_of"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.description !== undefined){
if(typeof data.description !== "string"){
const err4 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.mode !== undefined){
let data1 = data.mode;
if(!((((data1 === "exact") || (data1 === "behavior")) || (data1 === "boundary")) || (data1 === "compat"))){
const err5 = {instancePath:instancePath+"/mode",schemaPath:"#/$defs/facet/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.components !== undefined){
let data2 = data.components;
if(Array.isArray(data2)){
if(data2.length > 10000){
const err6 = {instancePath:instancePath+"/components",schemaPath:"#/properties/components/maxItems",keyword:"maxItems",params:{limit: 10000},message:"must NOT have more than 10000 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data2.length < 1){
const err7 = {instancePath:instancePath+"/components",schemaPath:"#/properties/components/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(func1(data3) > 16384){
const err8 = {instancePath:instancePath+"/components/" + i0,schemaPath:"#/$defs/componentName/maxLength",keyword:"maxLength",params:{limit: 16384},message:"must NOT have more than 16384 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func1(data3) < 1){
const err9 = {instancePath:instancePath+"/components/" + i0,schemaPath:"#/$defs/componentName/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!pattern5.test(data3)){
const err10 = {instancePath:instancePath+"/components/" + i0,schemaPath:"#/$defs/componentName/pattern",keyword:"pattern",params:{pattern: "^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"},message:"must match pattern \""+"^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/components/" + i0,schemaPath:"#/$defs/componentName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
let i1 = data2.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data2[i1], data2[j0])){
const err12 = {instancePath:instancePath+"/components",schemaPath:"#/properties/components/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err13 = {instancePath:instancePath+"/components",schemaPath:"#/properties/components/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.closure_of !== undefined){
let data4 = data.closure_of;
if(typeof data4 === "string"){
if(func1(data4) > 16384){
const err14 = {instancePath:instancePath+"/closure_of",schemaPath:"#/$defs/componentName/maxLength",keyword:"maxLength",params:{limit: 16384},message:"must NOT have more than 16384 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func1(data4) < 1){
const err15 = {instancePath:instancePath+"/closure_of",schemaPath:"#/$defs/componentName/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!pattern5.test(data4)){
const err16 = {instancePath:instancePath+"/closure_of",schemaPath:"#/$defs/componentName/pattern",keyword:"pattern",params:{pattern: "^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"},message:"must match pattern \""+"^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/closure_of",schemaPath:"#/$defs/componentName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate31.errors = vErrors;
return errors === 0;
}
validate31.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://driftgate.dev/schemas/boundary.config.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.project === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "project"},message:"must have required property '"+"project"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.components === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "components"},message:"must have required property '"+"components"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "$schema") || (key0 === "project")) || (key0 === "providers")) || (key0 === "defaults")) || (key0 === "components")) || (key0 === "slices"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.$schema !== undefined){
if(typeof data.$schema !== "string"){
const err3 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.project !== undefined){
let data1 = data.project;
if(typeof data1 === "string"){
if(func1(data1) < 1){
const err4 = {instancePath:instancePath+"/project",schemaPath:"#/properties/project/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/project",schemaPath:"#/properties/project/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.providers !== undefined){
let data2 = data.providers;
if(Array.isArray(data2)){
if(data2.length > 100){
const err6 = {instancePath:instancePath+"/providers",schemaPath:"#/properties/providers/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.module === undefined){
const err7 = {instancePath:instancePath+"/providers/" + i0,schemaPath:"#/properties/providers/items/required",keyword:"required",params:{missingProperty: "module"},message:"must have required property '"+"module"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data3.class === undefined){
const err8 = {instancePath:instancePath+"/providers/" + i0,schemaPath:"#/properties/providers/items/required",keyword:"required",params:{missingProperty: "class"},message:"must have required property '"+"class"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key1 in data3){
if(!(((key1 === "module") || (key1 === "class")) || (key1 === "name"))){
const err9 = {instancePath:instancePath+"/providers/" + i0,schemaPath:"#/properties/providers/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data3.module !== undefined){
let data4 = data3.module;
if(typeof data4 === "string"){
if(func1(data4) < 1){
const err10 = {instancePath:instancePath+"/providers/" + i0+"/module",schemaPath:"#/properties/providers/items/properties/module/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/providers/" + i0+"/module",schemaPath:"#/properties/providers/items/properties/module/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data3.class !== undefined){
let data5 = data3.class;
if(typeof data5 === "string"){
if(func1(data5) < 1){
const err12 = {instancePath:instancePath+"/providers/" + i0+"/class",schemaPath:"#/properties/providers/items/properties/class/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/providers/" + i0+"/class",schemaPath:"#/properties/providers/items/properties/class/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data3.name !== undefined){
let data6 = data3.name;
if(typeof data6 === "string"){
if(!pattern4.test(data6)){
const err14 = {instancePath:instancePath+"/providers/" + i0+"/name",schemaPath:"#/properties/providers/items/properties/name/pattern",keyword:"pattern",params:{pattern: "^custom\\..*\\S$"},message:"must match pattern \""+"^custom\\..*\\S$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/providers/" + i0+"/name",schemaPath:"#/properties/providers/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/providers/" + i0,schemaPath:"#/properties/providers/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/providers",schemaPath:"#/properties/providers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.defaults !== undefined){
let data7 = data.defaults;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
for(const key2 in data7){
if(!((key2 === "compat_mode") || (key2 === "verify_facets"))){
const err18 = {instancePath:instancePath+"/defaults",schemaPath:"#/properties/defaults/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data7.compat_mode !== undefined){
let data8 = data7.compat_mode;
if(!(((data8 === "major") || (data8 === "semver_major")) || (data8 === "semver_major_minor"))){
const err19 = {instancePath:instancePath+"/defaults/compat_mode",schemaPath:"#/properties/defaults/properties/compat_mode/enum",keyword:"enum",params:{allowedValues: schema31.properties.defaults.properties.compat_mode.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data7.verify_facets !== undefined){
if(!(validate21(data7.verify_facets, {instancePath:instancePath+"/defaults/verify_facets",parentData:data7,parentDataProperty:"verify_facets",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
}
}
else {
const err20 = {instancePath:instancePath+"/defaults",schemaPath:"#/properties/defaults/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.components !== undefined){
let data10 = data.components;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(Object.keys(data10).length > 10000){
const err21 = {instancePath:instancePath+"/components",schemaPath:"#/properties/components/maxProperties",keyword:"maxProperties",params:{limit: 10000},message:"must NOT have more than 10000 properties"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(Object.keys(data10).length < 1){
const err22 = {instancePath:instancePath+"/components",schemaPath:"#/properties/components/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key3 in data10){
const _errs24 = errors;
if(typeof key3 === "string"){
if(func1(key3) > 16384){
const err23 = {instancePath:instancePath+"/components",schemaPath:"#/$defs/componentName/maxLength",keyword:"maxLength",params:{limit: 16384},message:"must NOT have more than 16384 characters",propertyName:key3};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(func1(key3) < 1){
const err24 = {instancePath:instancePath+"/components",schemaPath:"#/$defs/componentName/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key3};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(!pattern5.test(key3)){
const err25 = {instancePath:instancePath+"/components",schemaPath:"#/$defs/componentName/pattern",keyword:"pattern",params:{pattern: "^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"},message:"must match pattern \""+"^(?![\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000])(?![\\s\\S]*[\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]$)[^,]+$"+"\"",propertyName:key3};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/components",schemaPath:"#/$defs/componentName/type",keyword:"type",params:{type: "string"},message:"must be string",propertyName:key3};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var valid5 = _errs24 === errors;
if(!valid5){
const err27 = {instancePath:instancePath+"/components",schemaPath:"#/properties/components/propertyNames",keyword:"propertyNames",params:{propertyName: key3},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
for(const key4 in data10){
if(!(validate23(data10[key4], {instancePath:instancePath+"/components/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data10,parentDataProperty:key4,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
}
else {
const err28 = {instancePath:instancePath+"/components",schemaPath:"#/properties/components/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.slices !== undefined){
let data12 = data.slices;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
for(const key5 in data12){
const _errs31 = errors;
if(typeof key5 === "string"){
if(func1(key5) < 1){
const err29 = {instancePath:instancePath+"/slices",schemaPath:"#/properties/slices/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key5};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/slices",schemaPath:"#/properties/slices/propertyNames/type",keyword:"type",params:{type: "string"},message:"must be string",propertyName:key5};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var valid8 = _errs31 === errors;
if(!valid8){
const err31 = {instancePath:instancePath+"/slices",schemaPath:"#/properties/slices/propertyNames",keyword:"propertyNames",params:{propertyName: key5},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
for(const key6 in data12){
if(!(validate31(data12[key6], {instancePath:instancePath+"/slices/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data12,parentDataProperty:key6,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate31.errors : vErrors.concat(validate31.errors);
errors = vErrors.length;
}
}
}
else {
const err32 = {instancePath:instancePath+"/slices",schemaPath:"#/properties/slices/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

