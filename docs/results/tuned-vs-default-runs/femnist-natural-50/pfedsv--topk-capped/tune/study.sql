BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'pfedsv--topk-capped');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,7.73172660672660633229e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,5.90727605727605700747e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,7.2558108558108569408e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,7.00769230769230783151e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,7.68520646020646180929e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,9.57599900099900258609e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,9.39678654678654662335e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,1.19654262404262398677e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,1.88903180153180111355e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,2.19418331668331634265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,2.97325840825840792547e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,2.94203130203130214237e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,3.87305694305694225842e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,3.48401348651348585772e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,4.61387529137529173173e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,4.37342241092241068578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,4.78755744255744186688e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,5.17258491508491569099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,5.44442474192474157312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,5.21567932067932060746e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,3,1,1.21405594405594410845e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,3,2,1.44261405261405240008e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,3,1.21107559107559104027e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,3,4,1.74698634698634752693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,3,5,2.67711871461871475652e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,3,6,3.06356893106893068967e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,3,7,0.350541958041958,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,3,8,3.66713120213120247203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,3,9,3.84867882117882031955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,3,10,4.61780386280386201391e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,3,11,4.47860972360972331429e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,3,12,4.72431485181485255608e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',2.52449746755687765009e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'k0',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(3,1,'decay',1.05120854705824051666e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',2.81221813530458664143e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(6,2,'decay',3.50839744265200259576e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',2.81221813530458664143e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(9,3,'decay',3.50839744265200259576e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.09575999000999003');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.5172584915084916');
INSERT INTO "trial_system_attributes" VALUES(3,3,'failed_trial','1');
INSERT INTO "trial_system_attributes" VALUES(4,3,'retry_history','[1]');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','521.532');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','2.1112706301181747');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','19');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'interrupted','"killed"');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,5.44442474192474157312e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-28 00:02:54.576876','2026-11-28 00:11:36.208704');
INSERT INTO "trials" VALUES(2,1,1,'FAIL','2026-11-28 00:11:36.232137','2026-11-28 00:51:24.049588');
INSERT INTO "trials" VALUES(3,2,1,'RUNNING','2026-11-28 00:51:24.108187',NULL);
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
