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
INSERT INTO "studies" VALUES(1,'local');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,4.32000000000000050626e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.501,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,0.565,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,6.19000000000000105693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,0.665,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,7.31000000000000094146e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,7.59000000000000119015e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,0.795,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,0.817,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,8.36000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,0.842,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,8.39999999999999857891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,8.46999999999999864108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,8.69000000000000105693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,8.69999999999999884536e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,0.883,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,0.874,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,0.881,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,8.70000000000000106581e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,8.96000000000000129674e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,0.32,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,3,1,0.355,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,2,0.332,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,4,1,0.583,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,4,2,0.733,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,4,3,8.24000000000000176747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,4,4,8.40000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,4,5,0.874,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,4,6,8.80999999999999894306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,4,7,0.893,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,4,8,9.10999999999999920952e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,4,9,0.925,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,4,10,9.12000000000000143884e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,4,11,9.07999999999999807265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,4,12,9.35999999999999943156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,4,13,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,4,14,9.3399999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,4,15,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,4,16,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,4,17,9.40000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,4,18,0.944,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,4,19,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,20,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,5,1,4.42999999999999949373e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,5,2,0.555,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,6,1,4.76000000000000089706e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,6,2,6.95000000000000062172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,7,1,4.38999999999999945821e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,7,2,6.02000000000000090594e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,8,1,5.10999999999999898747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,8,2,0.612,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,9,1,4.32000000000000050626e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,9,2,0.496,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,10,1,0.462,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,10,2,0.496,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,11,1,0.371,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,11,2,5.50999999999999934274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,11,3,7.15000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,11,4,0.677,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,11,5,7.08999999999999852562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,11,6,7.11000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,11,7,8.48000000000000087041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,11,8,7.79000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,11,9,8.04999999999999937827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,11,10,8.48000000000000087041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,11,11,0.867,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,11,12,0.842,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,11,13,8.39000000000000079047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,11,14,9.03000000000000135891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,11,15,0.917,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,11,16,9.33000000000000162536e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,11,17,8.77000000000000112798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,11,18,9.28000000000000158095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,11,19,9.14999999999999813482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,11,20,9.16000000000000147437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,12,1,0.291,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,12,2,0.551,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,12,3,0.685,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,12,4,0.668,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,12,5,0.699,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,12,6,0.708,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,13,1,0.291,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,13,2,5.4799999999999993161e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,14,1,3.29999999999999960031e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,14,2,4.88999999999999879207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,14,3,6.28000000000000113686e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,14,4,0.659,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,14,5,6.67999999999999816147e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,14,6,0.701,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,15,1,4.18999999999999928057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,15,2,4.6699999999999997069e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,15,3,0.488,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,15,4,0.453,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,15,5,4.52000000000000068389e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,15,6,0.404,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,16,1,3.65000000000000046629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,16,2,4.50000000000000066613e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,16,3,0.55,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,16,4,0.545,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,16,5,6.22000000000000108357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,16,6,0.669,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,17,1,0.368,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,17,2,5.09000000000000119015e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,17,3,0.648,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,17,4,0.607,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,17,5,0.626,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,17,6,6.19000000000000105693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,17,7,7.93999999999999928057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,17,8,0.779,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,17,9,0.751,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,17,10,0.805,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,17,11,8.29000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,17,12,0.825,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,17,13,8.57999999999999873878e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,17,14,0.835,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,17,15,8.90999999999999792166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,17,16,9.19000000000000150102e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,17,17,0.9,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,17,18,9.11000000000000142996e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,17,19,0.885,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,17,20,8.4599999999999986322e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,18,1,0.492,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,18,2,0.657,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,18,3,0.776,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,18,4,7.9799999999999993161e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,18,5,7.9799999999999993161e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,18,6,8.27000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,18,7,0.86,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,18,8,0.866,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,18,9,0.868,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,18,10,0.884,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,18,11,8.88000000000000122568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,18,12,8.87999999999999900524e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,18,13,9.04999999999999915623e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,18,14,0.907,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,18,15,9.09999999999999920063e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,18,16,9.13999999999999923616e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,18,17,0.908,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,18,18,9.19000000000000150102e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,18,19,9.01999999999999912958e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,18,20,0.925,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,19,1,5.51999999999999935162e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,19,2,7.61999999999999899635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,19,3,8.3200000000000007283e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,19,4,0.867,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,19,5,8.4599999999999986322e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,19,6,0.869,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,20,1,0.388,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,20,2,0.566,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,20,3,7.40999999999999880984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,20,4,7.00000000000000066613e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,20,5,0.728,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,20,6,0.715,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,20,7,0.85,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,20,8,8.18000000000000171418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,20,9,0.777,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,20,10,0.85,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,20,11,0.899,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,20,12,0.906,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,20,13,8.94999999999999906741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,20,14,9.28000000000000158095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,20,15,9.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,20,16,9.43000000000000171418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,20,17,0.931,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,20,18,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,20,19,9.40000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,20,20,9.27000000000000157207e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',1.66248855961024632338e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,2,'lr',3.51179623998914114402e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(4,2,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(5,3,'lr',2.70479110936779176821e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(6,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(7,4,'lr',4.04991821038978433433e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,4,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,5,'lr',1.17709815013040779152e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(10,5,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(11,6,'lr',1.04383629232769128969e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(12,6,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(13,7,'lr',1.74612092937563335992e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,8,'lr',4.41719704209781339337e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(16,8,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(17,9,'lr',1.61306681801468487433e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(18,9,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(19,10,'lr',9.30744245375111564633e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,10,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,11,'lr',6.30514097735073164585e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(22,11,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(23,12,'lr',5.5223374513979503475e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(24,12,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(25,13,'lr',5.53087008315702108318e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,13,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,14,'lr',3.9662275432220082949e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(28,14,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(29,15,'lr',0.128805109634155,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(30,15,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(31,16,'lr',2.47967535025063121056e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,16,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(33,17,'lr',0.136481172827927,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(34,17,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(35,18,'lr',5.60610995960238514546e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(36,18,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(37,19,'lr',3.60065862833763572492e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,19,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,20,'lr',8.5587765595120754436e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(40,20,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.501');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.7310000000000001');
INSERT INTO "trial_system_attributes" VALUES(3,1,'completed_rung_2','0.881');
INSERT INTO "trial_system_attributes" VALUES(4,3,'completed_rung_0','0.332');
INSERT INTO "trial_system_attributes" VALUES(5,4,'completed_rung_0','0.733');
INSERT INTO "trial_system_attributes" VALUES(6,4,'completed_rung_1','0.8809999999999999');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_2','0.944');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.555');
INSERT INTO "trial_system_attributes" VALUES(9,6,'completed_rung_0','0.6950000000000001');
INSERT INTO "trial_system_attributes" VALUES(10,7,'completed_rung_0','0.6020000000000001');
INSERT INTO "trial_system_attributes" VALUES(11,8,'completed_rung_0','0.612');
INSERT INTO "trial_system_attributes" VALUES(12,9,'completed_rung_0','0.496');
INSERT INTO "trial_system_attributes" VALUES(13,10,'completed_rung_0','0.496');
INSERT INTO "trial_system_attributes" VALUES(14,11,'completed_rung_0','0.7110000000000001');
INSERT INTO "trial_system_attributes" VALUES(15,11,'completed_rung_1','0.9280000000000002');
INSERT INTO "trial_system_attributes" VALUES(16,12,'completed_rung_0','0.708');
INSERT INTO "trial_system_attributes" VALUES(17,13,'completed_rung_0','0.5479999999999999');
INSERT INTO "trial_system_attributes" VALUES(18,14,'completed_rung_0','0.701');
INSERT INTO "trial_system_attributes" VALUES(19,15,'completed_rung_0','0.404');
INSERT INTO "trial_system_attributes" VALUES(20,16,'completed_rung_0','0.669');
INSERT INTO "trial_system_attributes" VALUES(21,17,'completed_rung_0','0.9110000000000001');
INSERT INTO "trial_system_attributes" VALUES(22,18,'completed_rung_0','0.9190000000000002');
INSERT INTO "trial_system_attributes" VALUES(23,19,'completed_rung_0','0.7619999999999999');
INSERT INTO "trial_system_attributes" VALUES(24,19,'completed_rung_1','0.869');
INSERT INTO "trial_system_attributes" VALUES(25,20,'completed_rung_0','0.715');
INSERT INTO "trial_system_attributes" VALUES(26,20,'completed_rung_1','0.9390000000000001');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','147.676');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.36244481086730956');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'diverged','"training loss 1.367e+09 at round 1 is above the limit 1e+06: training diverged (lower the learning rate; --diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"');
INSERT INTO "trial_user_attributes" VALUES(6,2,'seconds','6.815');
INSERT INTO "trial_user_attributes" VALUES(7,3,'seconds','13.536');
INSERT INTO "trial_user_attributes" VALUES(8,4,'seconds','139.597');
INSERT INTO "trial_user_attributes" VALUES(9,4,'val_loss','0.2675760262012482');
INSERT INTO "trial_user_attributes" VALUES(10,4,'round','18');
INSERT INTO "trial_user_attributes" VALUES(11,4,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(12,5,'seconds','12.488');
INSERT INTO "trial_user_attributes" VALUES(13,6,'seconds','12.723');
INSERT INTO "trial_user_attributes" VALUES(14,7,'seconds','12.891');
INSERT INTO "trial_user_attributes" VALUES(15,8,'seconds','13.395');
INSERT INTO "trial_user_attributes" VALUES(16,9,'seconds','14.72');
INSERT INTO "trial_user_attributes" VALUES(17,10,'seconds','12.648');
INSERT INTO "trial_user_attributes" VALUES(18,11,'seconds','173.262');
INSERT INTO "trial_user_attributes" VALUES(19,11,'val_loss','0.2433656008243561');
INSERT INTO "trial_user_attributes" VALUES(20,11,'round','16');
INSERT INTO "trial_user_attributes" VALUES(21,11,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(22,12,'seconds','38.886');
INSERT INTO "trial_user_attributes" VALUES(23,13,'seconds','14.171');
INSERT INTO "trial_user_attributes" VALUES(24,14,'seconds','39.335');
INSERT INTO "trial_user_attributes" VALUES(25,15,'seconds','36.039');
INSERT INTO "trial_user_attributes" VALUES(26,16,'seconds','38.341');
INSERT INTO "trial_user_attributes" VALUES(27,17,'seconds','141.85');
INSERT INTO "trial_user_attributes" VALUES(28,17,'val_loss','0.2728146889209747');
INSERT INTO "trial_user_attributes" VALUES(29,17,'round','16');
INSERT INTO "trial_user_attributes" VALUES(30,17,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(31,18,'seconds','134.651');
INSERT INTO "trial_user_attributes" VALUES(32,18,'val_loss','0.26266613149642937');
INSERT INTO "trial_user_attributes" VALUES(33,18,'round','20');
INSERT INTO "trial_user_attributes" VALUES(34,18,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(35,19,'seconds','41.213');
INSERT INTO "trial_user_attributes" VALUES(36,20,'seconds','128.937');
INSERT INTO "trial_user_attributes" VALUES(37,20,'val_loss','0.21455977177619934');
INSERT INTO "trial_user_attributes" VALUES(38,20,'round','16');
INSERT INTO "trial_user_attributes" VALUES(39,20,'rounds_run','20');
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
INSERT INTO "trial_values" VALUES(1,1,0,8.96000000000000129674e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,0.32,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,0.332,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,0.944,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,0.555,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,6.95000000000000062172e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,6.02000000000000090594e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,0.612,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,0.496,'FINITE');
INSERT INTO "trial_values" VALUES(10,10,0,0.496,'FINITE');
INSERT INTO "trial_values" VALUES(11,11,0,9.33000000000000162536e-01,'FINITE');
INSERT INTO "trial_values" VALUES(12,12,0,0.708,'FINITE');
INSERT INTO "trial_values" VALUES(13,13,0,5.4799999999999993161e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,14,0,0.701,'FINITE');
INSERT INTO "trial_values" VALUES(15,15,0,0.404,'FINITE');
INSERT INTO "trial_values" VALUES(16,16,0,0.669,'FINITE');
INSERT INTO "trial_values" VALUES(17,17,0,9.19000000000000150102e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,18,0,0.925,'FINITE');
INSERT INTO "trial_values" VALUES(19,19,0,0.869,'FINITE');
INSERT INTO "trial_values" VALUES(20,20,0,9.43000000000000171418e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-26 23:00:28.412295','2026-11-26 23:02:56.278367');
INSERT INTO "trials" VALUES(2,1,1,'PRUNED','2026-11-26 23:02:56.395487','2026-11-26 23:03:03.451329');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-26 23:03:03.490722','2026-11-26 23:03:17.372465');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-11-26 23:03:17.410889','2026-11-26 23:05:37.211063');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-26 23:05:37.232082','2026-11-26 23:05:49.842440');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-26 23:05:49.856011','2026-11-26 23:06:02.683456');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-26 23:06:02.706999','2026-11-26 23:06:15.680068');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-26 23:06:15.690220','2026-11-26 23:06:29.140246');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-26 23:06:29.222815','2026-11-26 23:06:44.177208');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-11-26 23:06:44.265705','2026-11-26 23:06:57.091924');
INSERT INTO "trials" VALUES(11,10,1,'COMPLETE','2026-11-26 23:06:57.104635','2026-11-26 23:09:50.450617');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-26 23:09:50.519061','2026-11-26 23:10:29.528339');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-26 23:10:29.593870','2026-11-26 23:10:43.937503');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-26 23:10:43.951625','2026-11-26 23:11:23.399648');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-26 23:11:23.500511','2026-11-26 23:11:59.749240');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-26 23:11:59.767671','2026-11-26 23:12:38.189071');
INSERT INTO "trials" VALUES(17,16,1,'COMPLETE','2026-11-26 23:12:38.225672','2026-11-26 23:15:00.136873');
INSERT INTO "trials" VALUES(18,17,1,'COMPLETE','2026-11-26 23:15:00.153934','2026-11-26 23:17:14.855752');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-26 23:17:14.871807','2026-11-26 23:17:56.122104');
INSERT INTO "trials" VALUES(20,19,1,'COMPLETE','2026-11-26 23:17:56.142751','2026-11-26 23:20:05.137679');
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
